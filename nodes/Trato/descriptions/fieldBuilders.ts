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
			name: 'None',
			value: 'none',
			description:
				'TRATO sends nothing: distribute the signing links yourself (ask for them with Return Signing Links)',
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

/**
 * The ID rule of every record picker's ID mode: what `idProblem` refuses when the node runs (helpers/validate.ts),
 * checked while typing. Any length up to 200 and any alphabet: TRATO's ids are 24-hex, its portal says 25.
 */
const pathSafeId = (noun: string) => ({
	regex: '^\\s*[^\\s/\\\\?#%\\u0000-\\u001f\\u007f]{1,200}\\s*$',
	errorMessage: `A ${noun} ID has at most 200 characters and no spaces, slashes, backslashes, "?", "#" or "%"`,
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
			validation: [{ type: 'regex', properties: pathSafeId(locator.noun) }],
		},
	],
});
