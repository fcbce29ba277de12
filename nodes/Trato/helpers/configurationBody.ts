import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { toDateOnly } from './dates';
import { fail, isSet, requireName } from './validate';

const FLAGS = [
	'allowAttachments',
	'hasShield3AutoValidation',
	'negotiate',
	'ownerSelfSign',
	'password',
	'stampNom',
	'validationRequired',
];
const ENUMS = ['blockchainType', 'language', 'notificationType', 'signatureType'];

/** The configuration body: only what the user set (api-notes R6: JSON booleans; R11: webhook only when set). */
export function configurationBody(
	ctx: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
	options: { allowEmpty?: boolean } = {},
): IDataObject {
	const body: IDataObject = {};
	if (fields.name !== undefined) {
		body.name = requireName(ctx, itemIndex, String(fields.name), {
			message: 'The Contract Name is empty',
			description: 'Enter a name, or remove the Contract Name field to keep the current one.',
		});
	}
	for (const key of ENUMS) if (isSet(fields[key])) body[key] = fields[key];
	for (const key of FLAGS) if (fields[key] !== undefined) body[key] = fields[key] === true;
	if (fields.externalId !== undefined) body.externalId = String(fields.externalId).trim();
	// A signing period is given by its two dates (they imply expiryUndefined: false); "never expires" alone
	// is expiryUndefined: true. Both at once contradict each other.
	const period = isSet(fields.expiryStartDate) || isSet(fields.expiryEndDate);
	if (period && fields.expiryUndefined === true) {
		fail(
			ctx,
			itemIndex,
			'Expiry Undefined is on, but expiry dates are given',
			'Remove Expiry Undefined to set the signing period, or remove the dates for a contract that never expires.',
		);
	}
	if (fields.expiryUndefined !== undefined || period) {
		body.expiryUndefined = fields.expiryUndefined === true;
		if (body.expiryUndefined === false) {
			for (const [key, label] of [
				['expiryStartDate', 'Expiry Start Date'],
				['expiryEndDate', 'Expiry End Date'],
			]) {
				if (!isSet(fields[key])) {
					fail(
						ctx,
						itemIndex,
						`${label} is missing`,
						'A signing period needs both Expiry Start Date and Expiry End Date (or add Expiry Undefined for a contract that never expires).',
					);
				}
				body[key] = toDateOnly(ctx, itemIndex, fields[key], label);
			}
			if ((body.expiryStartDate as string) > (body.expiryEndDate as string)) {
				fail(
					ctx,
					itemIndex,
					`Expiry Start Date (${body.expiryStartDate as string}) is after Expiry End Date (${body.expiryEndDate as string})`,
					'The signing period must start on or before the day it ends.',
				);
			}
		}
	}
	if (isSet(fields.webhook)) {
		const webhook = String(fields.webhook).trim();
		if (!/^https?:\/\/[^\s/]+/i.test(webhook)) {
			fail(
				ctx,
				itemIndex,
				'The Webhook URL (Deprecated) is not a valid http(s) address',
				'Use a full address starting with https://, or remove the field.',
			);
		}
		body.webhook = webhook;
	}
	if (Object.keys(body).length === 0 && !options.allowEmpty) {
		fail(
			ctx,
			itemIndex,
			'No configuration field to set',
			'Add at least one field under "Update Fields".',
		);
	}
	return body;
}
