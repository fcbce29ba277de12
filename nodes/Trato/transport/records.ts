import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { PARTICIPANT_ID_KEYS } from '../helpers/answers';
import { webAppAddress } from '../helpers/environment';
import type { ParticipantContact } from '../helpers/participants';
import type { SigningLink } from '../helpers/signingLinks';
import { signingLinksOfRecords } from '../helpers/signingLinks';
import { statusLabel } from '../helpers/status';
import { rolesOf, type TemplateRole } from '../helpers/templateRoles';
import type { ContractVariables } from '../helpers/variables';
import { parseVariablesResponse } from '../helpers/variables';
import type { TratoContext } from './credentials';
import { getCredentials } from './credentials';
import { MAX_PER_PAGE, requestPage } from './paging';
import { request, requestList } from './request';
import { unwrapList } from './shapes';

/**
 * Reads that several operations, pickers and the trigger share. Each is one or a few catalogue requests with
 * the answer normalised; no logic beyond reading.
 */

/**
 * The contract's custom properties as the API lists them ({_id, name, value}; spec 4.20), each with its identifier
 * as `_id`. A property without any identifier: an error naming its fields (the user's operations need it to update
 * or delete), or, with `withoutId` (Wait for Signatures and the listeners, which only act on their own properties),
 * kept with `_id` undefined (it cannot be removed), so that one odd property never blocks a wait or a trigger.
 */
export async function listProperties(
	this: TratoContext,
	contractId: string,
	itemIndex?: number,
	options: { withoutId?: boolean } = {},
): Promise<IDataObject[]> {
	const response = await request.call(this, 'customPropertyList', { contractId }, { itemIndex });
	const listed = unwrapList(this, response, 'properties', itemIndex);
	return listed.map((record) => ({
		...record,
		_id:
			options.withoutId && !PROPERTY_IDS.some((name) => idValue(record[name]) !== undefined)
				? undefined
				: identifierOf(this, record, PROPERTY_IDS, itemIndex),
	}));
}

/**
 * Names the listing may give a custom property's identifier (spec 2.5 does not show it; api-notes R13): TRATO
 * writes its other ids in lower case (`contractid`, `participantid`, `attachmentid`), so `propertyid` too.
 */
const PROPERTY_IDS = ['_id', 'id', 'propertyId', 'propertyID', 'propertyid'];

/** An identifier's value as text: a non-empty string or a number. */
function idValue(value: unknown): string | undefined {
	return (typeof value === 'string' && value !== '') || typeof value === 'number'
		? String(value)
		: undefined;
}

/**
 * The identifier of a listed record, whichever of the accepted field names the service uses; a record without
 * any is an error naming the fields it has (never a null ID in the output).
 */
function identifierOf(
	ctx: TratoContext,
	record: IDataObject,
	names: string[],
	itemIndex?: number,
): string {
	for (const name of names) {
		const value = idValue(record[name]);
		if (value !== undefined) return value;
	}
	throw new NodeOperationError(
		ctx.getNode(),
		`A listed record has no identifier (looked for ${names.join(', ')})`,
		{
			itemIndex,
			description: `Its fields are: ${Object.keys(record).join(', ') || 'none'}. The node needs the identifier to update or delete it; please report this answer to the maintainers of the node.`,
		},
	);
}

/** The variables of every participant of a contract (spec 4.5), with each participant's identifier. */
export async function getVariables(
	this: TratoContext,
	contractId: string,
	itemIndex?: number,
): Promise<ContractVariables> {
	const response = await request.call(this, 'variablesGet', { contractId }, { itemIndex });
	const participants = unwrapList(this, response, 'participants', itemIndex).map((p) => ({
		...p,
		participantid: identifierOf(this, p, PARTICIPANT_ID_KEYS, itemIndex),
	}));
	return parseVariablesResponse({ ...response, participants }, contractId);
}

/** Templates (spec 4.26; TRATO lists `{createdAt, name, templateId}` with 24-hex ids, trato-notes), `templateId` as text. */
export async function listTemplates(
	this: TratoContext,
	qs: IDataObject,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const templates = await requestList.call(this, 'templateList', {}, { qs, itemIndex });
	return templates.map((t) => ({
		...t,
		templateId: identifierOf(this, t, ['templateId', 'templateid', '_id', 'id'], itemIndex),
	}));
}

/** The contract's spectators (spec 4.21). */
export async function listSpectators(
	this: TratoContext,
	contractId: string,
	itemIndex?: number,
): Promise<IDataObject[]> {
	return await requestList.call(this, 'spectatorList', { contractId }, { itemIndex });
}

/**
 * Every participant of a contract with its e-mail (the first `max` only, when given). E-mails are only in the
 * participant record (4.7), so: the participant ids from the variables endpoint (4.5), then one read per participant.
 */
export async function participantContacts(
	this: TratoContext,
	contractId: string,
	itemIndex?: number,
	max?: number,
): Promise<ParticipantContact[]> {
	const listed = (await getVariables.call(this, contractId, itemIndex)).participants;
	const participants = max === undefined ? listed : listed.slice(0, max);
	const records = await Promise.all(
		participants.map(
			async (p) =>
				await request.call(
					this,
					'participantGet',
					{ contractId, participantId: p.participantId },
					{ itemIndex },
				),
		),
	);
	return records.map((record, index) => ({
		participantId: participants[index].participantId,
		label: participants[index].label,
		listedName: participants[index].participantName,
		editable: (record.editable ?? {}) as IDataObject,
		information: (record.information ?? {}) as IDataObject,
		record,
	}));
}

/** The web app of the credential's environment (helpers/environment.ts), for hints that send the user there. */
export async function webApp(this: TratoContext): Promise<string | undefined> {
	return webAppAddress((await getCredentials.call(this)).raw);
}

/** The contract's status (4.3) with its label, or nothing when it cannot be read (after a creation: best effort). */
export async function statusIfReadable(
	this: TratoContext,
	contractId: string,
	itemIndex?: number,
): Promise<IDataObject> {
	try {
		const record = await request.call(this, 'contractStatus', { contractId }, { itemIndex });
		return { status: record.status, statusLabel: statusLabel(record.status) };
	} catch {
		return {}; // the contract exists; Contract → Get reads its status later
	}
}

/** Each participant's own signing link (4.7), or none when they cannot be read (after a creation: best effort). */
export async function signingLinksIfReadable(
	this: TratoContext,
	contractId: string,
	itemIndex?: number,
): Promise<SigningLink[]> {
	try {
		return signingLinksOfRecords(await participantContacts.call(this, contractId, itemIndex));
	} catch {
		return [];
	}
}

/** `contracts` newest first (by `createdAt`; the list's order is not documented, api-notes S4). */
function newestFirst(contracts: IDataObject[]): IDataObject[] {
	const time = (c: IDataObject) => Date.parse(String(c.createdAt ?? '')) || 0;
	return [...contracts].sort((a, b) => time(b) - time(a));
}

/**
 * The newest contract made from a template, or undefined when there is none: one page of the list filtered by
 * `templateId` (4.14), the newest of it. TRATO shows a template's roles and variables only on its contracts.
 */
export async function newestContractOfTemplate(
	this: TratoContext,
	templateId: string,
	itemIndex?: number,
): Promise<IDataObject | undefined> {
	const { items } = await requestPage.call(
		this,
		{ templateId, page: 1, perPage: MAX_PER_PAGE },
		{ itemIndex },
	);
	return newestFirst(items)[0];
}

/**
 * A template's roles read from a contract made from it: its participants and their variables (4.5); with
 * `obligations`, also each participant's record (4.7), which says whether it is a legal entity.
 */
export async function contractRoles(
	this: TratoContext,
	contractId: string,
	itemIndex?: number,
	obligations = false,
): Promise<{ name: string; roles: TemplateRole[] }> {
	const contract = await getVariables.call(this, contractId, itemIndex);
	const legal = new Set<string>();
	if (obligations) {
		const records = await Promise.all(
			contract.participants.map(
				async (p) =>
					await request.call(
						this,
						'participantGet',
						{ contractId, participantId: p.participantId },
						{ itemIndex },
					),
			),
		);
		records.forEach((record, index) => {
			if ((record.editable as IDataObject | undefined)?.obligation === 'legal')
				legal.add(contract.participants[index].participantId);
		});
	}
	return { name: contract.contractName, roles: rolesOf(contract.participants, legal) };
}
