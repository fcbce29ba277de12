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
import type { TemplateState } from './types';

/**
 * Templates seeded in every sandbox: fixed 24-hex ids as TRATO issues them (stable across restarts), participants with
 * variables of the three kinds (text, image, dynamictable).
 */
export const TEMPLATES: readonly TemplateState[] = Object.freeze([
	{
		templateId: '67878720c4e6a1f3b9d20a11',
		name: 'Contrato de arrendamiento',
		createdAt: '2025-01-15T10:00:00.000Z',
		participants: [
			{
				label: 'Arrendador',
				obligation: 'individual',
				variables: [
					{ ref: 'lessor_name', name: 'Nombre del arrendador', type: 'text', value: '' },
					{ ref: 'property_address', name: 'Domicilio del inmueble', type: 'text', value: '' },
					{ ref: 'property_photo', name: 'Fotografía del inmueble', type: 'image' },
				],
			},
			{
				label: 'Arrendatario',
				obligation: 'individual',
				variables: [
					{ ref: 'tenant_name', name: 'Nombre del arrendatario', type: 'text', value: '' },
					{ ref: 'monthly_rent', name: 'Renta mensual', type: 'text', value: '0.00' },
					{ ref: 'rent_schedule', name: 'Calendario de pagos', type: 'dynamictable' },
				],
			},
		],
		body: [
			'CONTRATO DE ARRENDAMIENTO',
			'Celebran el presente contrato {{lessor_name}} ("el Arrendador") y {{tenant_name}} ("el Arrendatario") respecto del inmueble ubicado en {{property_address}}.',
			'La renta mensual es de {{monthly_rent}} MXN, pagadera conforme al calendario siguiente:',
			'{{rent_schedule}}',
			'{{property_photo}}',
			'Las partes firman de conformidad.',
		],
	},
	{
		templateId: '67c48788d5f7b2a4c0e31b22',
		name: 'Acuerdo de confidencialidad (NDA)',
		createdAt: '2025-03-02T16:30:00.000Z',
		participants: [
			{
				label: 'Parte reveladora',
				obligation: 'legal',
				variables: [
					{ ref: 'company_name', name: 'Razón social', type: 'text', value: '' },
					{ ref: 'company_logo', name: 'Logotipo', type: 'image' },
				],
			},
			{
				label: 'Parte receptora',
				obligation: 'individual',
				variables: [
					{ ref: 'receiver_name', name: 'Nombre de la parte receptora', type: 'text', value: '' },
					{ ref: 'confidential_items', name: 'Información confidencial', type: 'dynamictable' },
				],
			},
		],
		body: [
			'ACUERDO DE CONFIDENCIALIDAD',
			'{{company_logo}}',
			'{{company_name}} ("la Parte reveladora") comparte con {{receiver_name}} ("la Parte receptora") la información siguiente, que será tratada como confidencial:',
			'{{confidential_items}}',
			'La obligación de confidencialidad subsiste durante cinco años a partir de la firma.',
		],
	},
	{
		templateId: '68552694e6a8c3b5d1f42c33',
		name: 'Contrato de prestación de servicios',
		createdAt: '2025-06-20T09:15:00.000Z',
		participants: [
			{
				label: 'Cliente',
				obligation: 'legal',
				variables: [
					{ ref: 'client_name', name: 'Cliente', type: 'text', value: '' },
					{ ref: 'client_logo', name: 'Logotipo del cliente', type: 'image' },
					{ ref: 'services', name: 'Servicios', type: 'dynamictable' },
				],
			},
			{
				label: 'Proveedor',
				obligation: 'individual',
				variables: [
					{ ref: 'provider_name', name: 'Proveedor', type: 'text', value: '' },
					{ ref: 'fee', name: 'Honorarios', type: 'text', value: '' },
				],
			},
			{
				label: 'Testigo',
				obligation: 'individual',
				variables: [],
			},
		],
		body: [
			'CONTRATO DE PRESTACIÓN DE SERVICIOS',
			'{{client_logo}}',
			'{{provider_name}} ("el Proveedor") prestará a {{client_name}} ("el Cliente") los servicios siguientes:',
			'{{services}}',
			'Honorarios: {{fee}} MXN más IVA.',
			'Firma un testigo.',
		],
	},
]);

export function findTemplate(templateId: string): TemplateState | undefined {
	return TEMPLATES.find((t) => t.templateId === templateId);
}
