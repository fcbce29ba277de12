import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireId } from '../../helpers/validate';
import { apiRequest } from '../../transport';
import { contractIdLocator, optionsCollection } from '../common.descriptions';
import type { OperationOf } from '../node.type';

export interface ContractActionSpec {
	operation: OperationOf<'contract'>;
	method: IHttpRequestMethods;
	/** The request path, built from the contract ID (already URL-encoded). */
	path: (contractId: string) => string;
	/** Added to the error's description when the API refuses the request. */
	hint?: string;
	/** The output flag set to true on success, next to contractId. */
	flag: string;
	/** Safe to retry after a temporary failure (transport default: GET only). */
	idempotent?: boolean;
}

/**
 * A contract action with nothing to show but its success: the contract locator and Options, one request, and
 * `{ contractId, <flag>: true }` as output (the API answers only success).
 */
export function contractAction(spec: ContractActionSpec): {
	description: INodeProperties[];
	execute: (this: IExecuteFunctions, itemIndex: number) => Promise<IDataObject>;
} {
	const description = updateDisplayOptions(
		{ show: { resource: ['contract'], operation: [spec.operation] } },
		[contractIdLocator, optionsCollection()],
	);
	async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
		const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
		await apiRequest.call(this, spec.method, spec.path(encodeURIComponent(contractId)), {
			itemIndex,
			hint: spec.hint,
			idempotent: spec.idempotent,
		});
		return { contractId, [spec.flag]: true };
	}
	return { description, execute };
}
