import type {
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { listSearch } from './methods';
import { receive } from './webhook/receive';
import { versionDescription } from './webhook/versionDescription';

export class TratoWebhookTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'TRATO Instant Webhook Trigger',
		name: 'tratoWebhookTrigger',
		icon: { light: 'file:trato.svg', dark: 'file:trato.dark.svg' },
		group: ['trigger'],
		subtitle:
			'={{ "Instant: " + ($parameter["events"].length === 6 ? "every event" : $parameter["events"].join(", ")) }}',
		...versionDescription,
	};

	methods = { listSearch };

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receive.call(this);
	}
}
