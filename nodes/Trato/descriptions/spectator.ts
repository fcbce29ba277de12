import type { INodeProperties } from 'n8n-workflow';

import { recordLocator } from './fieldBuilders';

/** Spectators of a contract (spec 2.6, 4.21): people who follow the contract without signing it. */

export const spectatorIdLocator: INodeProperties = recordLocator({
	displayName: 'Spectator',
	name: 'spectatorId',
	description: 'A spectator of the chosen contract',
	noun: 'spectator',
	searchListMethod: 'searchSpectators',
	idPlaceholder: 'e.g. 65f1c0d2a4b8e91f2c3d4e62',
});

/** Fields of a spectator, for Update Fields (create shows Name and Email as top-level required fields). */
export const spectatorFieldOptions: Record<
	'name' | 'email' | 'phone' | 'linkExpirationDate',
	INodeProperties
> = {
	name: {
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'e.g. Jane Doe',
		description: 'Full name of the spectator',
	},
	email: {
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'e.g. name@example.com',
		default: '',
		description:
			'Email address of the spectator. It must differ from the email of every participant (signer) of the contract.',
	},
	phone: {
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		default: '',
		placeholder: 'e.g. +525512345678',
		description: 'Mobile number of the spectator, with country code',
	},
	linkExpirationDate: {
		displayName: 'Link Expiration Date',
		name: 'linkExpirationDate',
		type: 'dateTime',
		default: '',
		description:
			'Last moment the spectator can open the contract. Leave empty for a link that does not expire.',
	},
};
