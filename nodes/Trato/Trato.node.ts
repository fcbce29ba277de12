import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { actionSubtitle, versionDescription } from './actions/versionDescription';
import { router } from './actions/router';
import { listSearch, resourceMapping } from './methods';

export class Trato implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'TRATO',
		name: 'trato',
		icon: { light: 'file:trato.svg', dark: 'file:trato.dark.svg' },
		group: ['transform'],
		subtitle: actionSubtitle,
		usableAsTool: true,
		...versionDescription,
	};

	methods = { listSearch, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
