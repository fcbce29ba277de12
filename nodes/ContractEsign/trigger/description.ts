import type { INodeProperties } from 'n8n-workflow';

// STUB: the trigger's fields are built in the trigger issue.
export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		options: [{ name: 'Any Status Change', value: 'anyChange' }],
		default: 'anyChange',
	},
];
