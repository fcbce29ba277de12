import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { properties } from './actions/description';
import { router } from './actions/router';
import { listSearch, resourceMapping } from './methods';

export class ContractEsign implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Contract E-Sign',
		name: 'contractEsign',
		icon: { light: 'file:contractEsign.svg', dark: 'file:contractEsign.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description:
			'Create contracts from templates, PDF or Word files, fill variables, send them for signature and retrieve signed documents (NOM-151)',
		defaults: { name: 'Contract E-Sign' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'contractEsignApi', required: true }],
		properties,
	};

	methods = { listSearch, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
