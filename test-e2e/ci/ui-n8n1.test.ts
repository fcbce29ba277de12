// CI (npm run test:real-n8n): the editor suite on n8n 1.x alone, so that both versions run side by side.
import './n8n1';
import '../../test-ui/ui.test';
