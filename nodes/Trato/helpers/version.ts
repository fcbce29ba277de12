/** Version of this package, sent in the User-Agent header. A test keeps it equal to package.json's version. */
export const PACKAGE_VERSION = '0.1.0';
export const USER_AGENT = `n8n-nodes-trato/${PACKAGE_VERSION}`;
