/**
 * The transport's public surface: nothing outside transport/ imports another of its files (test/structure.test.ts).
 * Call an endpoint of the catalogue, read the contract list one page or all pages at a time, download a file the
 * API returned, read a contract's signed documents with their files; the shared reads; the resume calls of a
 * trigger; the credential's keys and what its class hands n8n. Every request goes through one pipeline
 * (pipeline.ts).
 */
export { ENDPOINTS, type EndpointName } from './catalogue';
export { type ByteSink, FileTooLargeError } from './body';
export { download } from './download';
export {
	MAX_PER_PAGE,
	PageGuard,
	pageKeys,
	pagingIgnored,
	pagingSentence,
	pagingSettings,
	type PagingStop,
	repeatsPage,
	requestAllPages,
	requestPage,
} from './paging';
export { request, requestFile } from './request';
export { fetchForeignFile, type ForeignFile } from './foreignFile';
export {
	downloadSignedFiles,
	readSignedDocuments,
	type SignedDocuments,
	type SignedDocumentsFailure,
	type SignedFileFields,
	type SignedFiles,
} from './signedDocuments';

// the shared reads, and what a read may learn of the service
export {
	contractRoles,
	getVariables,
	listProperties,
	listSpectators,
	listTemplates,
	newestContractOfTemplate,
	participantContacts,
	signingLinksIfReadable,
	statusIfReadable,
	webApp,
} from './records';
export { unwrapList } from './shapes';
export { learnFor, recallFor } from './learned';

// errors and what they may show
export { tratoRefused } from './errors';
export { redactUrl } from './redact';

// Wait for Signatures and the triggers that resume it
export { resumeWaitingRuns, type ResumedRun, waitingRunProperties, whyNotResumed } from './resume';
export { credentialKey, requireCredentialKey } from './keys';

// the credential: its type, read once per execution; what its class hands n8n (authenticate, the login, the session)
export { CREDENTIAL_TYPE, getCredentials } from './credentials';
export { authenticateRequest } from './authenticate';
export { logIn } from './login';
export { EMAIL_PASSWORD, SESSION_INFO, SESSION_TOKEN } from './session';
