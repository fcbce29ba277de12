import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	DEFAULT_MAX_FILE_MB,
	maxFileSizeProblem,
	megabytesToBytes,
	triggerFileFields,
} from '../helpers/files';
import {
	CONTRACT_STATUSES,
	participantStatusToSend,
	STATUSES_CALLED_SIGNED,
} from '../helpers/status';
import { idProblem, isEmail, locatorValue, positiveInteger } from '../helpers/validate';
import type { SignedFileFields } from '../transport';
import { DEFAULT_MODE, isTriggerMode, TRIGGER_MODES, type TriggerMode } from './modes';

/** The "Signed (Any)" shortcut of the Statuses field. */
export const SIGNED_SHORTCUT = 'signed';

export interface TriggerParameters {
	/** "Trigger On" (modes.ts). */
	event: TriggerMode;
	/** Watched statuses ("entered status" mode), shortcut expanded, sorted. */
	statuses: string[];
	/** Also emit "created" events. */
	includeNew: boolean;
	templateId?: string;
	emailParticipant?: string;
	statusParticipant?: string;
	lookBackDays?: number;
	includeDocuments: boolean;
	/** Download Signed PDF: the binary fields of the signed PDF and of the NOM-151 certificate, Max File Size. */
	download?: SignedFileFields;
	/** Resume Waiting Workflows: call the resume URLs stored on contracts that reach a final status. */
	resumeWaiting: boolean;
}

/** A hundred years: more is a typing or expression mistake, not a window. */
const MAX_LOOK_BACK_DAYS = 36_500;

function fail(ctx: IPollFunctions, message: string, description: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { description });
}

/** Reads and checks the trigger's parameters; bad input is refused before any request. */
export function readParameters(ctx: IPollFunctions): TriggerParameters {
	const event = ctx.getNodeParameter('event', DEFAULT_MODE);
	if (!isTriggerMode(event)) {
		fail(ctx, `Unknown event "${String(event)}"`, 'Choose an event in "Trigger On".');
	}
	const mode = TRIGGER_MODES[event];
	const known = new Set(CONTRACT_STATUSES.map((s) => s.value).filter((v) => v !== ''));
	const statuses = new Set<string>();
	if (mode.watches === 'chosenStatuses') {
		const raw = ctx.getNodeParameter('statuses', []) as string[];
		for (const value of Array.isArray(raw) ? raw : [raw]) {
			if (value === SIGNED_SHORTCUT) STATUSES_CALLED_SIGNED.forEach((s) => statuses.add(s));
			else if (known.has(value)) statuses.add(value);
			else
				fail(
					ctx,
					`"${String(value)}" is not a contract status the trigger can watch`,
					'Pick statuses from the list.',
				);
		}
		if (statuses.size === 0) {
			fail(
				ctx,
				'No status chosen',
				'Choose at least one status in "Statuses" (for example "Signed (Any)").',
			);
		}
	}
	const filters = (ctx.getNodeParameter('filters', {}) ?? {}) as IDataObject;
	const options = (ctx.getNodeParameter('options', {}) ?? {}) as IDataObject;

	// checked after expressions, like every ID the action node sends (helpers/validate.ts)
	const templateId = locatorValue(filters.templateId) || undefined;
	const templateProblem = templateId === undefined ? undefined : idProblem(templateId);
	if (templateProblem) {
		fail(ctx, `The Template filter ID ${templateProblem.message}`, templateProblem.description);
	}
	const emailParticipant = String(filters.emailParticipant ?? '').trim() || undefined;
	if (emailParticipant !== undefined && !isEmail(emailParticipant)) {
		fail(
			ctx,
			`Participant Email "${emailParticipant}" is not a valid email address`,
			'Use an address such as ana@example.com.',
		);
	}
	// Any value, sent as it is; an earlier list value stored in the workflow is read as TRATO's (api-notes P5)
	const statusParticipant = participantStatusToSend(
		(ctx.getNode().parameters.filters as IDataObject | undefined)?.statusParticipant,
		filters.statusParticipant,
	);
	let lookBackDays: number | undefined;
	if (
		options.lookBackDays !== undefined &&
		options.lookBackDays !== null &&
		options.lookBackDays !== ''
	) {
		const days = positiveInteger(options.lookBackDays, MAX_LOOK_BACK_DAYS);
		if (!days.ok) {
			fail(
				ctx,
				`Look-back window "${String(options.lookBackDays)}" is not a positive number of days: ${days.why}`,
				`Enter a number of days such as 30 (at most ${MAX_LOOK_BACK_DAYS}), or remove the option to watch every contract.`,
			);
		}
		lookBackDays = days.value;
	}
	const maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_MB;
	const maxBytes = megabytesToBytes(maxFileSize);
	if (maxBytes === undefined) {
		const problem = maxFileSizeProblem(maxFileSize);
		fail(ctx, problem.message, problem.description);
	}
	let download: SignedFileFields | undefined;
	if (options.downloadSignedPdf === true) {
		const { pdfField, certificateField, problem } = triggerFileFields(options);
		if (problem) fail(ctx, problem.message, problem.description);
		download = { pdfField, certificateField, maxBytes };
	}
	return {
		event,
		statuses: [...statuses].sort(),
		includeNew:
			mode.newContracts === 'always' || ctx.getNodeParameter('includeNewContracts', false) === true,
		templateId,
		emailParticipant,
		statusParticipant,
		lookBackDays,
		// Download Signed PDF implies the documents record it comes from
		includeDocuments: options.includeDocuments === true || download !== undefined,
		download,
		resumeWaiting: options.resumeWaiting === true,
	};
}

/** Query parameters of the user's filters (spec 4.14). */
export function filterQuery(cfg: TriggerParameters): IDataObject {
	const qs: IDataObject = {};
	if (cfg.templateId) qs.templateId = cfg.templateId;
	if (cfg.emailParticipant) qs.emailParticipant = cfg.emailParticipant;
	if (cfg.statusParticipant) qs.statusParticipant = cfg.statusParticipant;
	return qs;
}

/** FNV-1a (32 bit) of a text, as 8 hex characters. */
function fnv1a(text: string): string {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash.toString(16).padStart(8, '0');
}

/** Fingerprint of everything that decides which contracts and changes are watched: a change re-baselines. */
export function configHash(cfg: TriggerParameters): string {
	return fnv1a(
		JSON.stringify([
			cfg.event,
			cfg.statuses,
			cfg.includeNew,
			cfg.templateId ?? '',
			(cfg.emailParticipant ?? '').toLowerCase(),
			cfg.statusParticipant ?? '',
			cfg.lookBackDays ?? 0,
		]),
	);
}
