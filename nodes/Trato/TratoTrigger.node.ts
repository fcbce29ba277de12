import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';

import { listSearch } from './methods';
import { modeSubtitle } from './trigger/modes';
import { versionDescription } from './trigger/versionDescription';
import { poll } from './trigger/poll';

export class TratoTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'TRATO Polling Trigger',
		name: 'tratoTrigger',
		icon: { light: 'file:trato.svg', dark: 'file:trato.dark.svg' },
		group: ['trigger'],
		subtitle: modeSubtitle,
		...versionDescription,
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await poll.call(this);
	}
}
