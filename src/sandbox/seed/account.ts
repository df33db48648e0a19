/**
 * Seeded account settings: products and e-mail configurations.
 */
import type { EmailConfig, Group, Product } from '../model.ts';
import { Ids } from './common.ts';

export function seedProducts(ids: Ids, at: number): Product[] {
  return [
    { id: ids.next('product'), name: 'Widgets Cloud', description: 'Hosted widget platform', primaryEmailConfigId: null, createdAt: at, updatedAt: at },
    { id: ids.next('product'), name: 'Gadgets Hardware', description: 'Devices and firmware', primaryEmailConfigId: null, createdAt: at, updatedAt: at },
  ];
}

export function seedEmailConfigs(ids: Ids, products: Product[], groups: Group[], at: number): EmailConfig[] {
  const support: EmailConfig = {
    id: ids.next('emailConfig'),
    name: 'Support',
    replyEmail: 'support@sandbox.example',
    toEmail: 'support@sandbox.example',
    productId: null,
    groupId: groups[1]!.id,
    primaryRole: true,
    active: true,
    createdAt: at,
    updatedAt: at,
  };
  const billing: EmailConfig = {
    id: ids.next('emailConfig'),
    name: 'Billing',
    replyEmail: 'billing@sandbox.example',
    toEmail: 'billing@sandbox.example',
    productId: products[0]!.id,
    groupId: groups[0]!.id,
    primaryRole: false,
    active: true,
    createdAt: at,
    updatedAt: at,
  };
  const hardware: EmailConfig = {
    id: ids.next('emailConfig'),
    name: 'Hardware',
    replyEmail: 'hardware@sandbox.example',
    toEmail: 'hardware@sandbox.example',
    productId: products[1]!.id,
    groupId: groups[4]!.id,
    primaryRole: false,
    active: true,
    createdAt: at,
    updatedAt: at,
  };
  products[0]!.primaryEmailConfigId = billing.id;
  products[1]!.primaryEmailConfigId = hardware.id;
  return [support, billing, hardware];
}
