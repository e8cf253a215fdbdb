import { eq } from 'drizzle-orm';
import { consumeVerification } from '../captcha';
import type { AppDatabase } from '../db';
import { tenants } from '../tenancy/tables';
import { sendVerificationCode } from './codes';
import type { SmsProvider } from './provider';

/**
 * Sends a verification code in a tenant's name, spending a captcha verification when one comes
 * (needed from the 4th code to one phone in an hour).
 */
export async function sendTenantCode(
  db: AppDatabase,
  sms: SmsProvider,
  tenantId: number,
  input: { phoneNumber: string; purpose: string; captchaVerification?: string | undefined },
): Promise<void> {
  await db.withTenant(tenantId, async (tx) => {
    const captchaPassed = await consumeVerification(tx, input.captchaVerification);
    const [tenant] = await tx
      .select({ companyName: tenants.companyName })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    await sendVerificationCode(tx, sms, {
      tenantId,
      phone: input.phoneNumber,
      purpose: input.purpose,
      companyName: tenant?.companyName ?? '社团',
      captchaPassed,
    });
  });
}
