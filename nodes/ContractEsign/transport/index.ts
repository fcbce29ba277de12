/**
 * The transport's public surface: call an endpoint of the catalogue, read the contract list one page or all
 * pages at a time, download a file the API returned. Everything goes through one pipeline (pipeline.ts).
 */
export { ENDPOINTS, type EndpointName } from './catalogue';
export { CREDENTIAL_TYPE, type EsignContext } from './credentials';
export { download, mimeTypeFromFileName, type DownloadOptions } from './download';
export { MAX_PER_PAGE, readPageInfo, requestAllPages, requestPage, type Page } from './paging';
export {
	request,
	requestFile,
	requestFull,
	requestList,
	type FileAnswer,
	type RequestOptions,
} from './request';
