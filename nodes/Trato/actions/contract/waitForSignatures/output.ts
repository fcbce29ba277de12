import type { IBinaryData, IDataObject, INodeExecutionData } from 'n8n-workflow';

import { firstText } from '../../../helpers/answers';
import { fileFacts } from '../../../helpers/files';
import { participantStatusLabel, statusLabel } from '../../../helpers/status';
import { waitOutcome } from '../../../helpers/waiting';
import { readSignedDocuments } from '../../../transport';
import { participantContacts } from '../../../transport/records';
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

/**
 * The item of a contract whose wait is over, from its status record (read by the caller): the outcome, the record,
 * the participants and, when asked and everyone signed, the files. The contract is final: a read that fails now is
 * said on the item (`participantsError`, `filesError`), the run still goes on (get them later with Get Signed
 * Documents).
 */
export async function finalItem(
	ctx: WaitContext,
	contractId: string,
	record: IDataObject,
	itemIndex: number,
	files: WaitFiles | undefined,
	waitStartedAt: unknown,
): Promise<INodeExecutionData> {
	const outcome = waitOutcome(record.status);
	// ten top-level fields at most (api-notes O1): the record of 4.3 as `contract`
	const json: IDataObject = {
		contractId,
		outcome: outcome ?? null,
		timedOut: false,
		status: record.status ?? null,
		statusLabel: statusLabel(record.status),
		contract: contractRecord(record),
	};
	try {
		json.participants = await participants(ctx, contractId, itemIndex);
	} catch (error) {
		json.participantsError = `The participants could not be read: ${message(error)}`;
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
