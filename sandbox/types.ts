/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (CONTRIBUTING.md → Lint). */
// The sandbox's vocabulary: the stored contract and its parts, templates, files, faults, control inputs. A leaf: it
// imports nothing, so every module can use it.

/** Contract status values of spec Part 3 ("" is a draft). */
export const CONTRACT_STATUSES = [
	'',
	'RECEIVED_FILLED',
	'SENT_TO_FILL',
	'NEGOTIATION',
	'APPROVED',
	'SENT_TO_SIGN',
	'EXPIRED',
	'AUTHORIZE',
	'RECEIVED_SIGNED',
	'NEGOTIATED',
	'CANCELED',
	'SENT_TO_DOWNLOAD',
	'FINALIZED',
	'SENT_TO_ACCEPT',
	'SENT_SIGNED',
	'REJECTED',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/**
 * Participant states as the sandbox stores them: not sent, waiting to sign, signed, rejected. Answered by the
 * names of the active profile (variants.ts PARTICIPANT_STATUS_NAMES; by default TRATO's, api-notes S2).
 */
export const PARTICIPANT_STATUSES = ['PENDING', 'SENT', 'SIGNED', 'REJECTED'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

export type Obligation = 'individual' | 'legal';
export type VariableType = 'text' | 'image' | 'dynamictable';

export interface DynamicTableValue {
	headers?: string[];
	rows?: Array<{ cols: string[] }>;
}

export interface VariableState {
	name: string;
	/** text: string; image: Base64 string; dynamictable: {headers, rows} or {} (absent). */
	value: string | DynamicTableValue;
	type: VariableType;
}

export interface AttachmentState {
	_id: string;
	name: string;
	filename: string;
	validated: boolean;
	required: boolean;
	/** type sent by the caller: pdf or docx (docx is converted to PDF). */
	documentType: 'pdf' | 'docx';
	fileId: string;
	createdAt: string;
}

export interface GeoLocation {
	latitude: number;
	longitude: number;
}

export interface ParticipantState {
	_id: string;
	label: string;
	name: string;
	lastName?: string;
	email: string;
	phone: string;
	obligation: Obligation;
	representative: string;
	address: string;
	rfc?: string;
	customMessage?: string;
	requestVeridoc?: boolean;
	requestIne?: boolean;
	requestLocation?: boolean;
	requestOneTimePassword?: boolean;
	/** Only the size and SHA-256 of a selfie are kept. */
	selfie?: { size: number; sha256: string };
	linkExpirationDate?: string;
	status: ParticipantStatus;
	signedAt?: string;
	rejectedAt?: string;
	rejectReason?: string;
	ip?: string;
	geolocation?: GeoLocation;
	/** Current signing token (signing URL is {baseUrl}/sign/<token>). */
	signToken?: string;
	variables: Record<string, VariableState>;
	attachments: AttachmentState[];
	/** Extra fields Create V2 records (agenda properties, flags). */
	v2?: Record<string, unknown>;
}

export interface SpectatorState {
	_id: string;
	name: string;
	email: string;
	phone: string;
	linkExpirationDate: string | null;
	createdAt: string;
	/** HS256 token of the spectator's link (signed with a key derived from the JWT secret; not an API credential). */
	jwt: string;
}

export interface CustomPropertyState {
	_id: string;
	name: string;
	value: string;
}

export interface ContractConfig {
	name?: string;
	language?: 'es' | 'en';
	validationRequired?: boolean;
	hasShield3AutoValidation?: boolean;
	negotiate?: boolean;
	allowAttachments?: boolean;
	stampNom?: boolean;
	/** `none`: the service sends nothing; the caller distributes the signing links (trato-notes, Create V2). */
	notificationType?: 'email' | 'sms' | 'email-sms' | 'none';
	signatureType?: 'autograph' | 'certificate' | 'none' | 'shield2-certificate';
	blockchainType?: 'basic' | 'none';
	password?: boolean;
	expiryUndefined?: boolean;
	expiryStartDate?: string;
	expiryEndDate?: string;
	ownerSelfSign?: boolean;
	externalId?: string;
	webhook?: string;
}

export interface ContractEvent {
	at: string;
	type: string;
	detail?: string;
}

export interface ContractState {
	_id: string;
	name: string;
	status: ContractStatus;
	createdAt: string;
	/** createdAt in epoch milliseconds (sort key). */
	createdAtMs: number;
	signedAt: string;
	externalId?: string;
	source: 'template' | 'document' | 'v2' | 'control' | 'seed';
	templateId?: string;
	/** Uploaded (or converted) source PDF; absent for template contracts (rendered from the template). */
	documentFileId?: string;
	documentType?: 'pdf' | 'word';
	/** Incremented whenever the rendered document would change (variables set). */
	docVersion: number;
	config: ContractConfig;
	participants: ParticipantState[];
	spectators: SpectatorState[];
	properties: CustomPropertyState[];
	confidentialAttachments: AttachmentState[];
	shield?: 'none' | 'shield1' | 'shield2';
	/** Create V2 settings that have no 4.4 configuration field (signInOrder, shield3Statement). */
	v2?: Record<string, unknown>;
	shield2Stamped?: boolean;
	/** Random password generated when configuration password is true. */
	password?: string;
	sentAt?: string;
	finalizedAt?: string;
	canceledAt?: string;
	expiredAt?: string;
	rejectedAt?: string;
	negotiatedAt?: string;
	deliveredAt?: string;
	archived?: boolean;
	archivedAt?: string;
	reminders: Array<{ at: string; participantIds: string[] }>;
	events: ContractEvent[];
	/** Generated files of this contract, by role. */
	fileIds: {
		document?: string;
		signed?: string;
		certificate?: string;
		partial?: { signatures: number; fileId: string };
		videos?: Record<string, string>;
	};
}

export interface TemplateVariableDef {
	ref: string;
	name: string;
	type: VariableType;
	/** default value (text only) */
	value?: string;
}

export interface TemplateParticipantDef {
	label: string;
	obligation: Obligation;
	variables: TemplateVariableDef[];
}

export interface TemplateState {
	templateId: string;
	name: string;
	createdAt: string;
	participants: TemplateParticipantDef[];
	/** Paragraphs of the document; {{ref}} is replaced by a variable value. */
	body: string[];
}

export type FileKind = 'document' | 'attachment' | 'signed' | 'partial' | 'certificate' | 'video';

export interface FileRecord {
	id: string;
	name: string;
	contentType: string;
	contractId: string;
	kind: FileKind;
	participantId?: string;
	createdAt: string;
	/** docVersion the bytes were rendered from (kind document of template contracts). */
	version?: number;
	data?: Buffer;
}

export interface CertificateData {
	number: string;
	caName: string;
	hash: string;
	hashAlg: string;
	expeditionDate: string;
	rsaSignature: string;
	policy: string;
}

export interface IssuedCertificate {
	contractId: string;
	data: CertificateData;
}

export interface Credits {
	shield1: number;
	shield2: number;
}

// ---------------------------------------------------------------------------------------------
// Faults

export interface FaultSpec {
	/** HTTP method to match (case-insensitive); omitted or "*" = any. */
	method?: string;
	/** Path glob: `*` matches any run of characters (including `/`), `?` one character. Matched against the path without query. */
	path?: string;
	/** Regular expression source matched against the path (alternative to `path`). */
	pathRegex?: string;
	/** Query parameters that must all be present with these exact values. */
	query?: Record<string, string>;
	/** Which server: the API origin, the upload origin or both (default). */
	origin?: 'api' | 'upload' | 'any';
	/** How many matching requests this fault applies to (default 1). */
	times?: number;
	/** Answer with this HTTP status instead of handling the request. */
	status?: number;
	/** Retry-After header value, sent as given (seconds or an HTTP-date). */
	retryAfter?: number | string;
	/** Body of the injected answer: JSON-encoded, or sent as-is when a string (default {success:false,error:"Injected fault: HTTP <status>"}). */
	body?: unknown;
	/** Content-Type of a string body (default text/plain; charset=utf-8). */
	contentType?: string;
	/** Extra response headers of the injected answer. */
	headers?: Record<string, string>;
	/** Delay before answering (alone: the request is then handled normally). */
	latencyMs?: number;
	/** Destroy the socket without any response. */
	drop?: boolean;
}

export interface FaultState extends FaultSpec {
	id: string;
	remaining: number;
	hits: number;
}

// ---------------------------------------------------------------------------------------------
// Control inputs

export interface SignOptions {
	/** Participant who signs; omitted = every participant who has not signed yet. */
	participantId?: string;
	geolocation?: GeoLocation;
	ip?: string;
	/** ISO timestamp; default: the sandbox clock. */
	signedAt?: string;
}

export interface RejectOptions {
	participantId?: string;
	reason?: string;
}

export interface DeliverOptions {
	/** true: go straight to SENT_SIGNED; otherwise one step per call (SENT_TO_DOWNLOAD, then SENT_SIGNED). */
	complete?: boolean;
}

export interface ControlParticipantInput {
	name?: string;
	email?: string;
	phone?: string;
	label?: string;
	obligation?: Obligation;
	representative?: string;
	/**
	 * A participant status: the stored names, TRATO's (RECEIVED_TO_SIGN, SENT_SIGNED) and, with the
	 * participant-statuses=other variant, WAITING, NOTIFIED, COMPLETED, DECLINED.
	 */
	status?:
		| ParticipantStatus
		| 'RECEIVED_TO_SIGN'
		| 'SENT_SIGNED'
		| 'WAITING'
		| 'NOTIFIED'
		| 'COMPLETED'
		| 'DECLINED';
	variables?: Record<string, string>;
}

export interface CreateContractInput {
	name?: string;
	status?: ContractStatus;
	/** ISO timestamp; default: the sandbox clock. */
	createdAt?: string;
	/** A template id; with the integer-template-ids variant also its integer id (1001, 1002, 1003). */
	templateId?: string | number;
	externalId?: string;
	participants?: ControlParticipantInput[];
}

export interface SeedOptions {
	/** PRNG seed (default 1). Same seed + same clock day = same contracts. */
	seed?: number;
	/** Oldest createdAt (ISO); default 365 days before `to`. */
	from?: string;
	/** Newest createdAt bound (ISO, exclusive); default the start of the current UTC day of the sandbox clock. */
	to?: string;
}

export interface SeedResult {
	seeded: number;
	total: number;
	ms: number;
}

export interface SandboxStats {
	startedAt: string;
	requests: number;
	byRoute: Record<string, number>;
	byStatus: Record<string, number>;
	faultsInjected: number;
	contracts: number;
}

/** What an in-process request hook is told about a request (API and upload origins; never /sandbox/ routes). */
export interface RequestHookInfo {
	origin: 'api' | 'upload';
	method: string;
	/** Path without the query string. */
	path: string;
	/** Query parameters (the last value of a repeated parameter). */
	query: Record<string, string>;
}

/**
 * In-process hook called before each API/upload request is handled (before latency and faults), e.g. so a test
 * can change contracts while page k of a listing is being served. It may be async; the request waits for it.
 */
export type RequestHook = (info: RequestHookInfo) => void | Promise<void>;
