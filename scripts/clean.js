// Removes the folders given on the command line (used by `npm run build` to start from an empty dist/).
const { rmSync } = require('node:fs');
for (const dir of process.argv.slice(2)) rmSync(dir, { recursive: true, force: true });
