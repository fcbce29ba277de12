import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { listSearch } from './methods';
import { triggerProperties } from './trigger/description';
import { poll } from './trigger/poll';

export class ContractEsignTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Contract E-Sign Trigger',
		name: 'contractEsignTrigger',
		icon: { light: 'file:contractEsign.svg', dark: 'file:contractEsign.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ {"anyChange": "Any status change", "enteredStatus": "Entered status", "newContract": "New contract"}[$parameter["event"]] }}',
		description:
			'Starts the workflow when a contract changes status (signed, sent, cancelled, ...)',
		defaults: { name: 'Contract E-Sign Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'contractEsignApi', required: true }],
		properties: triggerProperties,
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await poll.call(this);
	}
}
