import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireCreatedId } from '../../../helpers/answers';
import { configurationBody } from '../../../helpers/configurationBody';
import { readTemplateInput } from '../../../helpers/templateInput';
import { checkSigners } from '../../../helpers/templatePlan';
import { requireTemplateId } from '../../../helpers/validate';
import { signingLinksOfRecords } from '../../../helpers/signingLinks';
import { contractLife, statusLabel } from '../../../helpers/status';
import { templateSendFields } from '../../../descriptions/templateSend';
import { participantContacts, request, statusIfReadable, webApp } from '../../../transport';
import { finishDraft, prepare } from './chain';
import { statusUnlessDeleted } from './candidates';
import { externalIdScope, findEarlier } from './externalId';
import { linksOf } from './sendOutcome';
import { recallRun, rememberRun, runKey } from './runs';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Create From Template and Send',
	value: 'createFromTemplate',
	description:
		'Create a contract from a template, fill its variables, name its signers by role and send it, in one step',
	action: 'Create contract from template and send to signers',
};

export const description = updateDisplayOptions(
	{ show: { resource: ['contract'], operation: ['createFromTemplate'] } },
	templateSendFields,
);

/** A contract an earlier run made, with its status record (4.3) or list entry (4.14): name, status, … */
interface Earlier {
	contractId: string;
	record: IDataObject;
}

/** The contract this item's earlier try made in this execution (Retry On Fail); gone since (deleted): none. */
async function retried(
	ctx: IExecuteFunctions,
	itemIndex: number,
	remembered: string | undefined,
): Promise<Earlier | undefined> {
	if (!remembered) return undefined;
	const record = await statusUnlessDeleted(ctx, itemIndex, remembered);
	return record ? { contractId: remembered, record } : undefined;
}

/** The output for a contract an earlier run already sent: read, nothing created or sent. */
async function alreadySent(
	ctx: IExecuteFunctions,
	itemIndex: number,
	{ contractId, record }: Earlier,
	base: IDataObject,
	withLinks: boolean,
): Promise<IDataObject> {
	const contacts = await participantContacts.call(ctx, contractId, itemIndex);
	const status = String(record.status ?? '');
	const output: IDataObject = {
		contractId,
		name: record.name,
		...base,
		outcome: 'alreadySent',
		status,
		statusLabel: statusLabel(status),
		participants: contacts.map((p) => {
			const out: IDataObject = {
				participantId: p.participantId,
				label: String(p.label ?? ''),
				name: String(p.editable.name ?? p.listedName ?? ''),
				email: p.editable.email,
			};
			if (withLinks && p.information.signatureLink) out.signUrl = p.information.signatureLink;
			return out;
		}),
	};
	if (withLinks) output.signingLinks = signingLinksOfRecords(contacts);
	return output;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const get = <T>(name: string, fallback: T) =>
		this.getNodeParameter(name, itemIndex, fallback) as T;
	// Everything that can be checked is checked before any request
	const templateId = requireTemplateId(this, itemIndex, await webApp.call(this));
	// an expression that gives nothing (undefined, null) is an empty field, not the text "undefined"
	const text = (name: string) => String(get<unknown>(name, '') ?? '').trim();
	const name = text('name');
	const externalId = text('externalId');
	const withLinks = get<boolean>('showSignLinks', false);
	const config = configurationBody(this, itemIndex, get<IDataObject>('additionalFields', {}), {
		allowEmpty: true,
	});
	if (name) config.name = name;
	if (externalId) config.externalId = externalId;
	const input = readTemplateInput(this, itemIndex);
	checkSigners(this, itemIndex, input.signers, config.notificationType as string | undefined);
	if (input.roles) await prepare(this, itemIndex, input, input.roles);

	const scope = externalId
		? await externalIdScope(this, itemIndex, templateId, externalId)
		: undefined;

	const base: IDataObject = { templateId };
	if (externalId) base.externalId = externalId;
	const given = [input.signers, input.variables, input.variablesByKey];
	const key = runKey(this, itemIndex, { templateId, config, given, withLinks });
	let earlier = await retried(this, itemIndex, recallRun(key));
	let marked = false;
	if (earlier && contractLife(earlier.record.status) !== 'draft')
		return await alreadySent(this, itemIndex, earlier, base, withLinks);
	if (!earlier && scope) {
		// only what this workflow made for the External ID (externalId.ts); a dead one is replaced, and named
		const found = await findEarlier(this, itemIndex, scope);
		if (found.sent) return await alreadySent(this, itemIndex, found.sent, base, withLinks);
		earlier = found.draft;
		marked = Boolean(found.draft);
		if (!earlier && found.dead) base.replacesContractId = found.dead.contractId;
	}

	let contractId = earlier?.contractId;
	if (!contractId) {
		// Given by name (Define Below, JSON, an expression's template): checked against the participants of the
		// contract it creates, the only sure source of its roles (api-notes N34); a mismatch leaves a named draft
		const created = await request.call(
			this,
			'contractCreate',
			{},
			{
				body: { source: 'template', templateid: templateId },
				itemIndex,
				hint: 'Check that the template exists in this TRATO account.',
			},
		);
		contractId = requireCreatedId(this, itemIndex, created);
		rememberRun(key, contractId);
	}

	const finished = await finishDraft(this, itemIndex, {
		contractId,
		config,
		input,
		externalId,
		withLinks,
		scope,
		marked,
	});
	if (finished.superseded) {
		// another run of this workflow makes the contract for this External ID: this run's own draft was cancelled,
		// or the draft both runs were finishing was sent by the other one
		const winner = finished.superseded;
		const output = await alreadySent(
			this,
			itemIndex,
			winner,
			base,
			withLinks && winner.life === 'sent',
		);
		output.outcome = 'sentByAnotherRun';
		if (winner.contractId !== contractId) output.cancelledContractId = contractId;
		return output;
	}
	// Sent: nothing below may fail the item (a re-run would find it sent, but the user would see a failure)
	const output: IDataObject = {
		contractId,
		name: finished.contractName,
		...base,
		outcome: earlier ? 'continued' : 'created',
		...(await statusIfReadable.call(this, contractId, itemIndex)),
	};
	const links = withLinks ? await linksOf(this, contractId, itemIndex, finished.sent) : [];
	const linkOf = new Map(links.map((l) => [l.participantId, l.signUrl]));
	output.participants = finished.roles.map((role) => {
		const participantId = role.role.participantId!;
		const out: IDataObject = {
			participantId,
			label: role.role.key,
			name: [role.signer.name, role.signer.lastName].filter((part) => part).join(' '),
			email: role.signer.email,
		};
		if (linkOf.has(participantId)) out.signUrl = linkOf.get(participantId);
		return out;
	});
	if (withLinks) {
		output.signingLinks = links;
		if (!links.length)
			output.signingLinksError =
				'TRATO sent the contract but returned no signing links. Do not send it again; read the links later with "Participant → Get" (signatureLink).';
	}
	return output;
}
