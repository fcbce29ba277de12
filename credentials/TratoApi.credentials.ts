import type {
	IAuthenticate,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { ALLOW_HTTP, BASE_URL_END, ENVIRONMENT_URLS } from '../nodes/Trato/helpers/environment';
import {
	authenticateRequest,
	EMAIL_PASSWORD,
	logIn,
	SESSION_INFO,
	SESSION_TOKEN,
} from '../nodes/Trato/transport';

const REFUSED_WITH_200 =
	'TRATO refused the credential: it answered "success": false. Check that the API key, email and password or token is complete and belongs to the chosen Environment (any step of the TRATO node shows TRATO\'s own words).';

export class TratoApi implements ICredentialType {
	name = 'tratoApi';

	displayName = 'TRATO API';

	icon: Icon = {
		light: 'file:trato.svg',
		dark: 'file:trato.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-trato/n8n-nodes-trato/blob/main/README.md#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Environment',
			name: 'environment',
			type: 'options',
			options: [
				{
					name: 'Production',
					value: 'production',
					description: ENVIRONMENT_URLS.production,
				},
				{
					name: 'Staging',
					value: 'staging',
					description: `${ENVIRONMENT_URLS.staging} (TRATO's test environment)`,
				},
				{
					name: 'Custom URL',
					value: 'custom',
					description:
						'Another address that answers like the TRATO API, such as a proxy or a local stand-in',
				},
			],
			default: 'production',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://trato-proxy.example.com',
			displayOptions: { show: { environment: ['custom'] } },
			description:
				'Address that answers like the TRATO API (a trailing /api is taken as the same address). The credential is sent only to this address.',
		},
		{
			displayName:
				'A Base URL in plain http:// to another computer would carry the API key, password or token unencrypted, so the credential refuses it unless Allow Unencrypted HTTP is on. https:// addresses and those of this computer (such as 127.0.0.1) never need it.',
			name: 'unencryptedNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { environment: ['custom'] } },
		},
		{
			displayName: 'Allow Unencrypted HTTP',
			name: ALLOW_HTTP,
			type: 'boolean',
			default: false,
			displayOptions: { show: { environment: ['custom'] } },
			description:
				'Whether to send the credential to an http:// Base URL of another computer in clear. Turn it on only if you trust every network between n8n and that address.',
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{
					name: 'API Key',
					value: 'apiKey',
					description: 'Sent in the "apikey" header',
				},
				{
					name: 'Email and Password',
					value: EMAIL_PASSWORD,
					description:
						'Your TRATO sign-in; n8n logs in and renews the 5-minute token by itself (best for scheduled workflows)',
				},
				{
					name: 'Access Token (JWT)',
					value: 'accessToken',
					description: 'A token you paste; TRATO tokens expire after about 5 minutes',
				},
			],
			default: 'apiKey',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { authentication: ['apiKey'] } },
			description: 'API key of your TRATO account. It is sent only to the environment above.',
		},
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'e.g. name@example.com',
			default: '',
			required: true,
			displayOptions: { show: { authentication: [EMAIL_PASSWORD] } },
			description: 'The email you sign in to TRATO with',
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { authentication: [EMAIL_PASSWORD] } },
			description:
				'The password you sign in to TRATO with. It is sent only to the environment above, to log in.',
		},
		{
			displayName: 'Access Token (JWT)',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { authentication: ['accessToken'] } },
			description:
				'JWT access token of your TRATO account, without the "Bearer " prefix. It is sent only to the environment above.',
		},
		{
			displayName:
				'TRATO access tokens expire about 5 minutes after they are issued, and workflows using an expired token fail. For scheduled or long-running workflows choose Email and Password: n8n then logs in and renews the token by itself.',
			name: 'expiryNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { authentication: ['accessToken'] } },
		},
		{
			displayName: 'Session Token',
			name: SESSION_TOKEN,
			type: 'hidden',
			// expirable: n8n's pre-authentication keeps the token here; password: n8n never shows it in the editor.
			typeOptions: { expirable: true, password: true },
			default: '',
		},
		{
			displayName: 'Session',
			name: SESSION_INFO,
			type: 'hidden',
			default: '',
		},
		{
			displayName: 'Webhook Secret',
			name: 'webhookSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Optional, for the TRATO Instant Webhook Trigger only: the webhook secret your TRATO profile shows. Deliveries whose X-Trato-Secret header does not match it are refused (HTTP 401); left empty, deliveries are not verified. It is never sent anywhere.',
		},
	];

	preAuthentication = logIn;

	authenticate: IAuthenticate = authenticateRequest;

	test: ICredentialTestRequest = {
		request: {
			baseURL: `={{ $credentials.environment === "custom" ? String($credentials.baseUrl).trim().replace(/\\/+$/, "").replace(${BASE_URL_END}, "") : $credentials.environment === "staging" ? "${ENVIRONMENT_URLS.staging}" : "${ENVIRONMENT_URLS.production}" }}`,
			url: '/api/authentication',
			method: 'GET',
		},
		// n8n checks the responseCode rules on a failed request and the responseSuccessBody rules on a 2xx answer (1.x
		// and 2.x alike); its types want one kind per array, its tester reads both from one. TRATO may refuse with HTTP
		// 200 and `success: false` (trato-notes "Error answers"), `success` typed as text ("What TRATO answers").
		// A rule's message is fixed: TRATO's own words cannot be shown here.
		rules: [
			...[false, 'false'].map((value) => ({
				type: 'responseSuccessBody' as const,
				properties: { key: 'success', value, message: REFUSED_WITH_200 },
			})),
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'TRATO refused the credential (HTTP 401). Check that the API key, email and password or token is complete and belongs to the chosen Environment.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'TRATO refused the credential for this account (HTTP 403 Forbidden).',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'No TRATO API answered at this address (HTTP 404). Check the Environment and, with Custom URL, the Base URL.',
				},
			},
		] as ICredentialTestRequest['rules'],
	};
}
