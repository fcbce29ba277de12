import type { INodeProperties } from 'n8n-workflow';

/** UI fields built the same way by several operations (the audience word keeps each operation's wording). */

/** An off-by-default boolean; its description starts with "Whether". */
export const booleanField = (
	displayName: string,
	name: string,
	description: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'boolean',
	default: false,
	description,
});

/** Who receives the notifications, in the wording of the operation ("participant" or "signer"). */
type Audience = 'participant' | 'signer';

/** Language of the contract's notifications (Configure, Create V2). */
export const languageField = (audience: Audience): INodeProperties => ({
	displayName: 'Language',
	name: 'language',
	type: 'options',
	options: [
		{
			name: 'English',
			value: 'en',
		},
		{
			name: 'Spanish',
			value: 'es',
		},
	],
	default: 'es',
	description: `Language of the notifications sent to ${audience}s`,
});

/** How the contract's notifications are sent (Configure, Create V2). */
export const notificationTypeField = (audience: Audience): INodeProperties => ({
	displayName: 'Notification Type',
	name: 'notificationType',
	type: 'options',
	options: [
		{
			name: 'Email',
			value: 'email',
		},
		{
			name: 'Email and SMS',
			value: 'email-sms',
			description: `Every ${audience} then needs a phone number`,
		},
		{
			name: 'SMS',
			value: 'sms',
			description: `Every ${audience} then needs a phone number`,
		},
	],
	default: 'email',
	description: `How ${audience}s are notified`,
});

/** The ID rule of records addressed in a URL path: the same check `requireId` makes when the node runs. */
const pathSafeId = (noun: string) => ({
	regex: '^\\s*[^\\s/?#]+\\s*$',
	errorMessage: `A ${noun} ID has no spaces, slashes, "?" or "#"`,
});

/** A record picker: "From List" through a list-search method, or "ID" typed in and checked by `idRule`. */
export const recordLocator = (locator: {
	displayName: string;
	name: string;
	description: string;
	/** Lower-case name of the record in the placeholder and the ID error ("contract", "property", …). */
	noun: string;
	searchListMethod: string;
	idPlaceholder: string;
	/** Defaults to the path-safe rule (no spaces, slashes, "?" or "#"). */
	idRule?: { regex: string; errorMessage: string };
}): INodeProperties => ({
	displayName: locator.displayName,
	name: locator.name,
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: locator.description,
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: `Select a ${locator.noun}...`,
			typeOptions: { searchListMethod: locator.searchListMethod, searchable: true },
		},
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: locator.idPlaceholder,
			validation: [{ type: 'regex', properties: locator.idRule ?? pathSafeId(locator.noun) }],
		},
	],
});
