import type { IBinaryData, IDataObject, INodeExecutionData } from 'n8n-workflow';

import { firstText } from '../../../helpers/answers';
import { fileFacts } from '../../../helpers/files';
import { participantStatusLabel, statusLabel } from '../../../helpers/status';
import { waitOutcome } from '../../../helpers/waiting';
import { participantContacts, readSignedDocuments } from '../../../transport';
import type { WaitContext, WaitFiles } from './run';

/** What the node outputs for a contract once its wait is over (resumed, or final before it began). */

const message = (error: unknown) => (error as Error).message;

/** The contract's status record (4.3) as TRATO answered it, without the envelope. */
function contractRecord(record: IDataObject): IDataObject {
	const fields: IDataObject = { ...record };
	delete fields.success;
	delete fields.error;
	return fields;
}

/** Each participant: id, name, e-mail, role, status and when they signed (4.5 then 4.7 for each). */
async function participants(
	ctx: WaitContext,
	contractId: string,
	itemIndex: number,
): Promise<IDataObject[]> {
	const contacts = await participantContacts.call(ctx, contractId, itemIndex);
	return contacts.map((p) => ({
		participantId: p.participantId,
		name: p.editable.name ?? p.listedName ?? null,
		email: p.editable.email ?? null,
		label: p.label ?? null,
		status: p.information.status ?? null,
		statusLabel: participantStatusLabel(p.information.status),
		signedAt: p.information.signedAt || null,
	}));
}

/**
 * The signed PDF and the NOM-151 certificate as binary data, through the one reader of the signed documents
 * (transport/signedDocuments.ts, as Get Signed Documents, Finalize and both triggers: credentials only on the API's
 * origin). Any failure is thrown, for the caller to say on the item.
 */
async function signedFiles(
	ctx: WaitContext,
	contractId: string,
	itemIndex: number,
	fields: WaitFiles,
	json: IDataObject,
): Promise<Record<string, IBinaryData>> {
	const read = await readSignedDocuments.call(ctx, contractId, { download: fields, itemIndex });
	if (read.failure) throw read.failure.error;
	json.binaryFields = read.binaryFields;
	json.files = Object.entries(read.binary).map(([field, file]) => fileFacts(field, file));
	return read.binary;
}

/** How a final item is made: the files (Download Signed Files), the participants, when the wait began. */
export interface FinalItemOptions {
	files: WaitFiles | undefined;
	withParticipants: boolean;
	waitStartedAt: unknown;
}

/** Whether a participant has signed: TRATO's signed status, or a signing date. */
const hasSigned = (p: IDataObject) => p.status === 'SENT_SIGNED' || Boolean(p.signedAt);

/**
 * The item of a contract whose wait is over, from its status record (read by the caller): the outcome, the record,
 * the participants (Include Participants), who has not signed (`notSignedBy`, for a contract not signed by everyone:
 * its participants are read for it whatever the option) and, when asked and everyone signed, the files. The contract
 * is final: a read that fails now is said on the item (`participantsError`, `filesError`), the run still goes on
 * (get them later with Get Signed Documents). Ten top-level fields at most (api-notes O1): `notSignedBy` only where
 * there are no files.
 */
export async function finalItem(
	ctx: WaitContext,
	contractId: string,
	record: IDataObject,
	itemIndex: number,
	{ files, withParticipants, waitStartedAt }: FinalItemOptions,
): Promise<INodeExecutionData> {
	const outcome = waitOutcome(record.status);
	const json: IDataObject = {
		contractId,
		outcome: outcome ?? null,
		timedOut: false,
		status: record.status ?? null,
		statusLabel: statusLabel(record.status),
		contract: contractRecord(record),
	};
	if (withParticipants || outcome !== 'signed') {
		try {
			const read = await participants(ctx, contractId, itemIndex);
			if (withParticipants) json.participants = read;
			if (outcome !== 'signed')
				json.notSignedBy = read
					.filter((p) => !hasSigned(p))
					.map(({ participantId, name, email, label }) => ({ participantId, name, email, label }));
		} catch (error) {
			json.participantsError = `The participants could not be read: ${message(error)}`;
		}
	}
	json.waitStartedAt = waitStartedAt ?? null;
	const item: INodeExecutionData = { json, pairedItem: { item: itemIndex } };
	if (files && outcome === 'signed') {
		try {
			item.binary = await signedFiles(ctx, contractId, itemIndex, files, json);
		} catch (error) {
			json.filesError = `The signed files could not be downloaded: ${message(error)}. Get them with Contract → Get Signed Documents.`;
		}
	}
	return item;
}

/**
 * What the node outputs if its time limit ends the wait (kept with the waiting execution, run.ts
 * `keepForTimeout`): the contract as it was when the wait began, `timedOut: true`, and its outcome when it was final
 * already, else "timedOut".
 */
export function timedOutItem(
	waiting: INodeExecutionData,
	itemIndex: number,
	waitStartedAt: string,
	until: Date | undefined,
): INodeExecutionData {
	const { contractId, status, record } = waiting.json;
	const outcome = waitOutcome(status);
	return {
		json: {
			contractId,
			outcome: outcome ?? 'timedOut',
			timedOut: true,
			status: status ?? null,
			statusLabel: statusLabel(status),
			// the status record read when the wait began: also what a process that restarted learns the run from
			contract: contractRecord((record ?? {}) as IDataObject),
			waitStartedAt,
			waitLimit: until?.toISOString() ?? null,
			message: outcome
				? `The wait ended at its limit; this contract was ${outcome} already, another contract of this run was not final.`
				: `Not signed in time: the contract was not final in TRATO when the wait ended at its limit (status when the wait began: ${statusLabel(status)}).`,
		},
		pairedItem: { item: itemIndex },
	};
}

/** What the node shows while the run waits (n8n replaces it with the resume's output). */
export function waitingItem(
	waiting: INodeExecutionData,
	itemIndex: number,
	waitStartedAt: string,
	until: Date | undefined,
): INodeExecutionData {
	const { contractId, status } = waiting.json;
	return {
		json: {
			contractId,
			waiting: true,
			status: status ?? null,
			statusLabel: statusLabel(status),
			waitStartedAt,
			waitLimit: until?.toISOString() ?? null,
		},
		pairedItem: { item: itemIndex },
	};
}

/** The contract ID of an item this operation made (the router's error items, Continue On Fail, have none). */
export function waitedContract(item: INodeExecutionData): string | undefined {
	if ('error' in item.json) return undefined;
	return firstText(item.json, ['contractId']);
}
