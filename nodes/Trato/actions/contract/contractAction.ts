import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireId } from '../../helpers/validate';
import { contractIdLocator, optionsCollection } from '../../descriptions/common';
import { request } from '../../transport';

export interface ContractActionSpec {
	/** The operation's stored value (its `option.value`). */
	operation: string;
	/** The catalogue endpoint: one that needs only the contract ID. */
	endpoint: 'contractArchive' | 'contractCancel' | 'contractRemind' | 'shield2Stamp';
	/** Added to the error's description when the API refuses the request. */
	hint?: string;
	/** The output flag set to true on success, next to contractId. */
	flag: string;
	/** What the user must know before running it, shown as a notice in the panel. */
	notice?: string;
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
		[
			...(spec.notice
				? [
						{
							displayName: spec.notice,
							name: `${spec.operation}Notice`,
							type: 'notice',
							default: '',
						} satisfies INodeProperties,
					]
				: []),
			contractIdLocator,
			optionsCollection(),
		],
	);
	async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
		const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
		await request.call(this, spec.endpoint, { contractId }, { itemIndex, hint: spec.hint });
		return { contractId, [spec.flag]: true };
	}
	return { description, execute };
}
