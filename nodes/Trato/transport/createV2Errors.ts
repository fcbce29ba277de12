/** Create V2 error names (spec Part 7) as sentences that name the field to fix. */
export const CREATE_V2_ERRORS: Record<string, string> = {
	NotAvailableShield1:
		'Your account has no shield-1 credits left. Buy credits or set Shield to "None".',
	NotAvailableShield2:
		'Your account has no shield-2 credits left. Buy credits or set Shield to "None".',
	MissingSigners: 'The contract has no signers. Add at least one signer.',
	BlankName:
		"A signer has an empty Name. Fill in the signer's name (the company name for a legal entity).",
	BlankEmail: "A signer has an empty Email. Fill in the signer's e-mail address.",
	InvalidEmail:
		"A signer's Email is not a valid e-mail address. Correct it (for example ana@example.com).",
	MissingLastName: 'A signer who is a natural person has no Last Name. Fill in Last Name.',
	EmptyPhone:
		'A signer has an empty Phone while notifications go by SMS. Fill in the phone number or choose e-mail notifications.',
	EmptyRFC:
		"A signer needs an RFC (for a qualified certificate or a credit-bureau check). Fill in the signer's RFC field (in Signers (JSON): agendaProperties.rfc).",
	WrongEmailSpectator: "A spectator's Email is not a valid e-mail address. Correct it.",
	DistinctSpectatorParticipant:
		'A spectator has the same e-mail as a signer. Use a different e-mail for the spectator.',
	EmptyPaternalLastName:
		"The credit-bureau check needs the signer's Paternal Last Name. Fill it in under the signer's Agenda Properties.",
	EmptyMaternalLastName:
		"The credit-bureau check needs the signer's Maternal Last Name. Fill it in under the signer's Agenda Properties.",
	EmptyBirthDate:
		"The credit-bureau check needs the signer's Birth Date. Fill it in under the signer's Agenda Properties.",
	WrongPhysicalPersonRFCFormat:
		"A natural person's RFC must be 13 characters: 4 letters, 6 date digits (YYMMDD) and a 3-character homoclave.",
	WrongLegalPersonRFCFormat:
		"A legal entity's RFC must be 12 characters: 3 letters, 6 date digits (YYMMDD) and a 3-character homoclave.",
	EmptyZipCode:
		"The credit-bureau check needs the signer's Zip Code. Fill it in under the signer's Agenda Properties.",
	EmptyState:
		"The credit-bureau check needs the signer's State. Fill it in under the signer's Agenda Properties.",
	InvalidStateFormat:
		"The signer's State must be an official Mexican state abbreviation such as AGU, JAL, CMX or ZAC.",
	EmptyStreet:
		"The credit-bureau check needs the signer's Street. Fill it in under the signer's Agenda Properties.",
	EmptyCity:
		"The credit-bureau check needs the signer's City. Fill it in under the signer's Agenda Properties.",
	EmptySuburb:
		"The credit-bureau check needs the signer's Suburb (colonia). Fill it in under the signer's Agenda Properties.",
};

const NAME_FIELDS = ['error', 'name', 'code', 'message'];

/**
 * A Create V2 error name (spec Part 7) wherever the body carries it: `error`, `name`, `code` or `message`, or an
 * entry of an `errors` list (the error body's shape is not shown, api-notes R14). With the field it names.
 */
export function findCreateV2Error(body: unknown): { name: string; field?: string } | undefined {
	if (!body || typeof body !== 'object') return undefined;
	const record = body as Record<string, unknown>;
	const entries: unknown[] = [record, ...(Array.isArray(record.errors) ? record.errors : [])];
	for (const entry of entries) {
		if (typeof entry === 'string' && CREATE_V2_ERRORS[entry]) return { name: entry };
		if (!entry || typeof entry !== 'object') continue;
		const fields = entry as Record<string, unknown>;
		const name = NAME_FIELDS.map((key) => fields[key]).find(
			(value): value is string =>
				typeof value === 'string' && CREATE_V2_ERRORS[value] !== undefined,
		);
		if (name) {
			const field = [fields.field, record.field].find((f): f is string => typeof f === 'string');
			return { name, field };
		}
	}
	return undefined;
}
