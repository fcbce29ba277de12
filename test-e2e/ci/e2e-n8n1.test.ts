// CI (npm run test:real-n8n): the end-to-end suite on n8n 1.x alone, so that both versions run side by side.
import '../../test-support/n8n/onlyN8n1';
import '../e2e.test';
