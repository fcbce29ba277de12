// CI (npm run test:real-n8n): the end-to-end suite on n8n 1.x alone, so that both versions run side by side.
import './n8n1';
import '../e2e.test';
