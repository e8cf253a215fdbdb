import { consumeVerification } from '../captcha';
import type { AppDatabase } from '../db';
import { sendVerificationCode } from './codes';
import type { SmsProvider } from './provider';
import { tenantCompanyName } from './repository';

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
    const captchaPassed = await consumeVerification(tx, input.captchaVerification, tenantId);
    const companyName = await tenantCompanyName(tx, tenantId);
    await sendVerificationCode(tx, sms, {
      tenantId,
      phone: input.phoneNumber,
      purpose: input.purpose,
      companyName: companyName ?? '社团',
      captchaPassed,
    });
  });
}
