const AGENDA = (field: string) =>
	`The credit-bureau check needs the participant's ${field}. Fill it in under the participant's Agenda Properties.`;

/**
 * Create V2's error names (spec Part 7), each with what to fix. The name is TRATO's own text (the error's
 * message keeps it); this sentence is the error's description.
 */
export const CREATE_V2_ERRORS: Record<string, string> = {
	NotAvailableShield1:
		'Your TRATO account has no Shield-1 credits left. Buy credits in TRATO, or set Shield to "None".',
	NotAvailableShield2:
		'Your TRATO account has no Shield-2 credits left. Buy credits in TRATO, or choose another Shield and a Signature Type other than "Shield-2 Certificate".',
	MissingSigners:
		'The contract has nobody who signs. Add a participant, and leave "Does Not Sign" (isNotSigner) off for at least one.',
	BlankName: "The participant's Name is empty. Fill it in (the company name for a legal entity).",
	BlankEmail:
		"The participant's Email is empty. Fill in the address the signing invitation goes to.",
	InvalidEmail:
		"The participant's Email is not a valid email address. Correct it (for example ana@example.com).",
	MissingLastName:
		'The participant is a natural person without a Last Name (last_name). Fill in Last Name, or set Obligation to Legal Entity for a company.',
	EmptyPhone:
		'The participant has no Phone while notifications go by SMS. Fill in the mobile number with country code, or choose email notifications.',
	EmptyRFC:
		'The participant needs an RFC for a qualified certificate or a credit-bureau check. Fill in RFC (in JSON: agendaProperties.rfc).',
	WrongEmailSpectator: "The spectator's Email is not a valid email address. Correct it.",
	DistinctSpectatorParticipant:
		'The spectator has the same email as a participant; a spectator must be someone else. Use another email or remove the spectator.',
	EmptyPaternalLastName: AGENDA('Paternal Last Name'),
	EmptyMaternalLastName: AGENDA('Maternal Last Name'),
	EmptyBirthDate: AGENDA('Birth Date'),
	WrongPhysicalPersonRFCFormat:
		"A natural person's RFC has 13 characters: 4 letters, 6 digits of the birth date (YYMMDD) and a 3-character homoclave. Correct it, or set Obligation to Legal Entity for a company.",
	WrongLegalPersonRFCFormat:
		"A legal entity's RFC has 12 characters: 3 letters, 6 digits of the founding date (YYMMDD) and a 3-character homoclave. Correct it.",
	EmptyZipCode: AGENDA('Zip Code'),
	EmptyState: AGENDA('State'),
	InvalidStateFormat:
		"The participant's State must be the official abbreviation of a Mexican state, such as AGU, CMX, JAL, NLE or ZAC.",
	EmptyStreet: AGENDA('Street'),
	EmptyCity: AGENDA('City'),
	EmptySuburb: AGENDA('Suburb (colonia)'),
};

const NAME_FIELDS = ['error', 'name', 'code', 'message'];

/**
 * A Create V2 error name (spec Part 7) wherever the body carries it: `error`, `name`, `code` or `message`, or an
 * entry of an `errors` list (the error body's shape is not shown, api-notes R14). With the field it names, when
 * the answer names one (TRATO's documented envelope does not).
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
