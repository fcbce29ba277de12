import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { actionSubtitle, versionDescription } from './actions/versionDescription';
import { router } from './actions/router';
import { resumeWebhooks } from './actions/contract/waitForSignatures/operation';
import { resumeWebhook } from './actions/contract/waitForSignatures/resume';
import { listSearch, resourceMapping } from './methods';

// eslint-disable-next-line @n8n/community-nodes/webhook-lifecycle-complete -- the only webhook is the resume webhook of Contract → Wait for Signatures (restartWebhook, as n8n's own send-and-wait nodes have): n8n serves it under /webhook-waiting/ for a waiting run and never registers it; nothing is registered with TRATO, so there is no checkExists/create/delete to write (api-notes WS3)
export class Trato implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'TRATO',
		name: 'trato',
		icon: { light: 'file:trato.svg', dark: 'file:trato.dark.svg' },
		group: ['transform'],
		subtitle: actionSubtitle,
		usableAsTool: true,
		webhooks: [...resumeWebhooks],
		...versionDescription,
	};

	methods = { listSearch, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}

	/** A resume call of a waiting Wait for Signatures (the node's only webhook). */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await resumeWebhook.call(this);
	}
}
