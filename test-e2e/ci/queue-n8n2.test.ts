// CI (npm run test:real-n8n): queue mode on n8n 2.x alone, so that both versions run side by side.
import '../../test-support/n8n/onlyN8n2';
import '../queue.test';
