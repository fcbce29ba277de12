import type { IDataObject } from 'n8n-workflow';

/** Size of the trigger node's static data as n8n stores it (JSON, bytes), for tests and benchmarks. */
export function stateBytes(staticData: IDataObject): number {
	return Buffer.byteLength(JSON.stringify(staticData), 'utf8');
}
