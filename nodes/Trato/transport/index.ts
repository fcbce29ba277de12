/**
 * The transport's public surface: call an endpoint of the catalogue, read the contract list one page or all
 * pages at a time, download a file the API returned, read a contract's signed documents with their files.
 * Everything goes through one pipeline (pipeline.ts).
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
