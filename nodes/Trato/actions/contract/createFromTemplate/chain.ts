import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isImage } from '../../../helpers/binary';
import { planTemplate, signerBody, type RolePlan } from '../../../helpers/templatePlan';
import type { TemplateInput, TemplateRole } from '../../../helpers/templateRoles';
import { fail } from '../../../helpers/validate';
import { VariablesBody } from '../../../helpers/variablesBody';
import { contractRoles, request, tratoRefused } from '../../../transport';
import { sendOnce, type SendAnswer } from '../sending';
import { stampMark, winnerBeforeSend, type Candidate, type ExternalIdScope } from './externalId';
import { sentMeanwhile, wasSent } from './sendOutcome';

/**
 * The steps of Create From Template and Send after the contract exists, in TRATO's order (spec Part 1: a contract
 * is created, configured, its participants and variables filled, then sent; api-notes N33): configure, read the
 * participants (4.5), set each role's variables (4.6), update each role's signer (4.8), send (4.10). A failure
 * before the send leaves a draft: the item's error names the contract, the step, and how to finish or remove it.
 */

/** Each role's plan with the body of its variables (binary pictures read, tables checked). */
export type PreparedRole = RolePlan & { body: IDataObject };

const BASE64_IMAGE = /^data:image\/[\w.+-]+;base64,/;

/** An image variable's value: an input binary field's name, a data: URL of an image, or Base64 as TRATO takes it. */
async function addImage(
	ctx: IExecuteFunctions,
	itemIndex: number,
	out: VariablesBody,
	reference: string,
	value: unknown,
): Promise<void> {
	const given = typeof value === 'string' ? value.trim() : value;
	const binaries = ctx.getInputData()[itemIndex]?.binary ?? {};
	if (typeof given !== 'string' || given in binaries || given.length <= 100) {
		await out.image(reference, given);
		return;
	}
	const base64 = given.replace(BASE64_IMAGE, '').replace(/\s+/g, '');
	if (!isImage(Buffer.from(base64, 'base64')))
		fail(
			ctx,
			itemIndex,
			`The value of the image variable "${reference}" is not an image`,
			'Give the name of the input binary field holding the picture (PNG, JPEG, GIF or WebP), or its Base64.',
		);
	out.add(reference, base64);
}

/** The plan for `roles` and each role's variables body; bad input is refused here, before the requests it needs. */
export async function prepare(
	ctx: IExecuteFunctions,
	itemIndex: number,
	input: TemplateInput,
	roles: TemplateRole[],
): Promise<PreparedRole[]> {
	const prepared: PreparedRole[] = [];
	for (const plan of planTemplate(ctx, itemIndex, input, roles)) {
		const out = new VariablesBody(ctx, itemIndex);
		for (const v of plan.variables) {
			if (v.kind === 'text') out.text(v.reference, v.value);
			else if (v.kind === 'dynamictable') out.tableJson(v.reference, v.value);
			else await addImage(ctx, itemIndex, out, v.reference, v.value);
		}
		prepared.push({ ...plan, body: out.body });
	}
	return prepared;
}

export interface Draft {
	contractId: string;
	config: IDataObject;
	input: TemplateInput;
	externalId: string;
	withLinks: boolean;
	/** With an External ID: the workflow's scope; `marked` when the draft carries its mark already (continued). */
	scope?: ExternalIdScope;
	marked?: boolean;
}

/** What the chain did: the contract's name, each role's plan, the send's answer. */
export interface Finished {
	contractName: string;
	roles: PreparedRole[];
	sent?: SendAnswer;
	/** Another run of the workflow made the contract for this External ID: this draft was cancelled, not sent. */
	superseded?: Candidate;
}

/** The item's error for a step that failed on a draft: the step, the contract, how to finish or remove it. */
function draftError(
	ctx: IExecuteFunctions,
	itemIndex: number,
	error: unknown,
	draft: Draft,
	step: string,
	stamped: boolean,
): Error {
	const failure =
		error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
	const again = stamped
		? `Fix the cause and run this node again with the same External ID ("${draft.externalId}"): it finishes this draft instead of creating another.`
		: draft.externalId
			? 'The draft does not carry the External ID yet, so running this node again creates another contract.'
			: 'Running this node again creates another contract (with an External ID, a run finishes a draft instead).';
	failure.message = `Contract ${draft.contractId} stays a draft (not sent): could not ${step}: ${failure.message}`;
	failure.description = [
		failure.description,
		`Contract ${draft.contractId} was created from the template and is still a draft: nothing was sent. ${again} Retry On Fail finishes it too. To finish it by hand: Variable → Set, Participant → Update, Contract → Configure, then Contract → Send for Signature; to remove it: Contract → Cancel.`,
	]
		.filter((part) => part)
		.join(' ');
	failure.context.contractId = draft.contractId;
	return failure;
}

const SEND_HINT = 'Fix each configuration problem TRATO lists, then run again.';

/** Runs the steps on a draft; returns once it is sent. */
export async function finishDraft(
	ctx: IExecuteFunctions,
	itemIndex: number,
	draft: Draft,
): Promise<Finished> {
	const { contractId, config } = draft;
	let step = 'configure it';
	let stamped = false;
	let finished: Finished;
	try {
		if (Object.keys(config).length > 0) {
			await request.call(ctx, 'contractConfigure', { contractId }, { body: config, itemIndex });
			stamped = Boolean(config.externalId) && (!draft.scope || draft.marked === true);
		}
		if (draft.scope && !draft.marked) {
			step = "mark it as this workflow's";
			await stampMark(ctx, itemIndex, draft.scope, contractId);
			stamped = true;
		}
		step = 'read its participants';
		const { name, roles } = await contractRoles.call(ctx, contractId, itemIndex);
		step = "match the template's roles and variables";
		const prepared = await prepare(ctx, itemIndex, draft.input, roles);
		for (const role of prepared) {
			if (Object.keys(role.body).length === 0) continue;
			step = `set the variables of "${role.role.key}"`;
			const participantId = role.role.participantId!;
			await request.call(
				ctx,
				'variablesSet',
				{ contractId, participantId },
				{ body: role.body, itemIndex },
			);
		}
		for (const role of prepared) {
			step = `update the signer of "${role.role.key}"`;
			const participantId = role.role.participantId!;
			await request.call(
				ctx,
				'participantUpdate',
				{ contractId, participantId },
				{ body: signerBody(role.signer), itemIndex },
			);
		}
		finished = { contractName: String(config.name ?? name), roles: prepared };
		if (draft.scope) {
			step = 'check for another run with the same External ID';
			const winner = await winnerBeforeSend(ctx, itemIndex, draft.scope, contractId);
			if (winner) {
				step = `cancel it for contract ${winner.contractId}, which another run made for the same External ID`;
				await request.call(ctx, 'contractCancel', { contractId }, { itemIndex });
				return { ...finished, superseded: winner };
			}
		}
	} catch (error) {
		throw draftError(ctx, itemIndex, error, draft, step, stamped);
	}
	try {
		finished.sent = await sendOnce(ctx, contractId, itemIndex, draft.withLinks, SEND_HINT);
	} catch (error) {
		if (!tratoRefused(error)) {
			if (!(await wasSent(ctx, contractId, itemIndex, error)))
				throw draftError(ctx, itemIndex, error, draft, 'send it for signature', stamped);
			return finished;
		}
		// refused: with an External ID, another run may have finished and sent this same draft meanwhile (two runs
		// that both found it left by a failed one); then it is sent once, by that run
		const sentBy = draft.scope && (await sentMeanwhile(ctx, contractId, itemIndex));
		if (sentBy) return { ...finished, superseded: sentBy };
		throw draftError(ctx, itemIndex, error, draft, 'send it for signature', stamped);
	}
	return finished;
}
