import type {
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { listSearch } from './methods';
import { receive } from './webhook/receive';
import { versionDescription, webhookSubtitle } from './webhook/versionDescription';

// eslint-disable-next-line @n8n/community-nodes/webhook-lifecycle-complete -- TRATO has no API to register, list or delete a webhook: the user pastes the Production URL into their TRATO profile, so there is no webhookMethods lifecycle to implement (docs/verification.md, api-notes W1).
export class TratoWebhookTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'TRATO Instant Webhook Trigger',
		name: 'tratoWebhookTrigger',
		icon: { light: 'file:trato.svg', dark: 'file:trato.dark.svg' },
		group: ['trigger'],
		subtitle: webhookSubtitle,
		...versionDescription,
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				// An accepted delivery gets 200 with an empty body (without this, n8n answers the text "firstEntryJson")
				responseData: 'noData',
				path: 'webhook',
			},
		],
	};

	methods = { listSearch };

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receive.call(this);
	}
}
