import type { INodePropertyOptions } from 'n8n-workflow';

/** Obligation values (spec 2.2), for options fields. */
export const OBLIGATION_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'Individual (Natural Person)',
		value: 'individual',
	},
	{
		name: 'Legal Entity (Company)',
		value: 'legal',
	},
];
