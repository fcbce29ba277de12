import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import {
	DEFAULT_MAX_FILE_MB,
	maxFileSizeProblem,
	megabytesToBytes,
	triggerFileFields,
} from '../helpers/files';
import { idProblem, isEmail, locatorValue } from '../helpers/validate';
import type { SignedFileFields } from '../transport';
import { eventName } from './payload';

/** What a delivery is kept or dropped by (api-notes W16); each one unset when empty. */
export interface DeliveryFilters {
	externalId?: string;
	externalIdPrefix?: string;
	templateId?: string;
	emailParticipant?: string;
}

/** The trigger's parameters, read once per delivery. */
export interface WebhookSettings {
	events: string[];
	filters: DeliveryFilters;
	includeStatus: boolean;
	ignoreRepeats: boolean;
	startWithoutEvent: boolean;
	startOnTestDelivery: boolean;
	/** Resume Waiting Workflows: the runs waiting at Wait for Signatures for a contract now final. */
	resumeWaiting: boolean;
	/** Download Signed PDF: the binary fields of the signed PDF and of the NOM-151 certificate, Max File Size. */
	download?: SignedFileFields;
}

const text = (value: unknown) =>
	typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';

/**
 * The settings, or the sentence saying what is wrong with them (the delivery is then answered 500 and nothing
 * starts, so that TRATO sends it again once the workflow is corrected).
 */
export function readSettings(ctx: IWebhookFunctions): WebhookSettings | string {
	// A list as the editor saves it; an expression may give one name or several separated by commas
	const chosen = ctx.getNodeParameter('events', []) as string[] | string;
	const events = (Array.isArray(chosen) ? chosen : String(chosen).split(',')).map(eventName);
	const raw = (ctx.getNodeParameter('filters', {}) ?? {}) as IDataObject;
	const options = (ctx.getNodeParameter('options', {}) ?? {}) as IDataObject;

	const filters: DeliveryFilters = {};
	if (text(raw.externalId)) filters.externalId = text(raw.externalId);
	if (text(raw.externalIdPrefix)) filters.externalIdPrefix = text(raw.externalIdPrefix);
	const templateId = locatorValue(raw.templateId);
	if (templateId) {
		const problem = idProblem(templateId);
		if (problem) return `The Template filter ID ${problem.message}.`;
		filters.templateId = templateId;
	}
	const email = text(raw.emailParticipant);
	if (email) {
		if (!isEmail(email)) return `The Participant Email filter "${email}" is not an email address.`;
		filters.emailParticipant = email;
	}

	const settings: WebhookSettings = {
		events,
		filters,
		includeStatus: options.includeStatus === true,
		ignoreRepeats: options.ignoreRepeats === true,
		startWithoutEvent: options.startWithoutEvent === true,
		startOnTestDelivery: options.startOnTestDelivery === true,
		resumeWaiting: options.resumeWaiting === true,
	};
	if (options.downloadSignedPdf === true) {
		const { pdfField, certificateField, problem } = triggerFileFields(options);
		if (problem) return problem.message;
		const maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_MB;
		const maxBytes = megabytesToBytes(maxFileSize);
		if (maxBytes === undefined) return maxFileSizeProblem(maxFileSize).message;
		settings.download = { pdfField, certificateField, maxBytes };
	}
	return settings;
}
