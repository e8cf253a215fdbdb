import { FormRefusal } from '@shetuan/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import dayjs from 'dayjs';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { feedback } from '../../app/feedback';
import type { ApiError } from '../../app/request';
import { session } from '../../app/session';
import { deviceId, formApi, formKeys, formPaths, usePublicForm } from './api';
import { FormCard, FormFrame, FormTitle, SecondaryText } from './FormFrame';
import { FormRenderer } from './renderer/FormRenderer';

const DRAFT_DEBOUNCE_MS = 1000;

/** The screens other than the form (submitted, closed, login needed, not found), loaded when needed. */
const loadOutcome = () => import('./FillOutcome');
const FillNotFound = lazy(() => loadOutcome().then((m) => ({ default: m.FillNotFound })));
const FillClosed = lazy(() => loadOutcome().then((m) => ({ default: m.FillClosed })));
const FillLoginNeeded = lazy(() => loadOutcome().then((m) => ({ default: m.FillLoginNeeded })));
const FillSubmitted = lazy(() => loadOutcome().then((m) => ({ default: m.FillSubmitted })));
const Later = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;

/**
 * /s/{key} and /project/write?key= (spec 001 §2.1): fill in a published form, as a visitor or
 * logged in. The answers are saved as a draft on the server while the person types (and come back
 * on any device for a logged-in person); a submitted answer can be printed or saved as PDF.
 */
export default function FillPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const key = params.key ?? search.get('key') ?? '';
  const navigate = useNavigate();
  const device = useMemo(() => deviceId(), []);
  const started = useRef(Date.now());
  const form = usePublicForm(key);
  const draft = useQuery({
    queryKey: [...formKeys.publicForm(key), 'draft', device],
    queryFn: () => formApi.draft(key, device).catch(() => null),
    enabled: Boolean(form.data && !form.data.closedReason),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<{ serial: number; thanksText: string; values: Record<string, unknown> } | null>(
    null,
  );
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (form.data) document.title = form.data.name;
  }, [form.data]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (!key || form.isError) {
    return (
      <Later>
        <FillNotFound title={(form.error as ApiError | null)?.message || '表单不存在或已删除'} />
      </Later>
    );
  }
  if (form.isPending || (!form.data.closedReason && draft.isPending)) {
    return (
      <main style={{ maxWidth: 760, margin: '40px auto', padding: 12 }}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </main>
    );
  }
  const data = form.data;
  const header = <FormTitle name={data.name} description={data.description} />;

  if (done) {
    return (
      <FormFrame form={data} standalone>
        <FormCard className="print-sheet">
          {header}
          <Later>
            <FillSubmitted
              schema={data.schema}
              values={done.values}
              serial={done.serial}
              thanksText={done.thanksText}
            />
          </Later>
        </FormCard>
      </FormFrame>
    );
  }

  if (data.closedReason) {
    return (
      <FormFrame form={data} standalone>
        <FormCard>
          {header}
          <Later>
            <FillClosed reason={data.closedReason} />
          </Later>
        </FormCard>
      </FormFrame>
    );
  }
  if (data.loginRequired && !session.isLoggedIn()) {
    return (
      <FormFrame form={data} standalone>
        <FormCard>
          {header}
          <Later>
            <FillLoginNeeded
              onLogin={() => {
                session.setCallback(`/s/${key}`);
                void navigate('/login');
              }}
            />
          </Later>
        </FormCard>
      </FormFrame>
    );
  }

  return (
    <FormFrame form={data} standalone>
      <FormCard>
        {header}
        <FormRenderer
          schema={data.schema}
          initial={draft.data ?? null}
          upload={{ path: formPaths.upload(key), fields: { deviceId: device } }}
          submitting={submitting}
          onValuesChange={(values) => {
            if (timer.current) clearTimeout(timer.current);
            timer.current = setTimeout(() => {
              formApi
                .saveDraft(key, device, values)
                .then(() => setSavedAt(dayjs().format('HH:mm:ss')))
                .catch(() => undefined);
            }, DRAFT_DEBOUNCE_MS);
          }}
          onSubmit={async (values) => {
            if (timer.current) clearTimeout(timer.current);
            setSubmitting(true);
            // The thanks screen's chunk comes while the answer is on its way.
            void loadOutcome().catch(() => undefined);
            try {
              const res = await formApi.submit(key, {
                version: data.version,
                values,
                deviceId: device,
                seconds: Math.round((Date.now() - started.current) / 1000),
              });
              if (res.redirectUrl) {
                window.location.assign(res.redirectUrl);
                return;
              }
              setDone({ serial: res.serial, thanksText: res.thanksText, values });
              window.scrollTo(0, 0);
            } catch (err) {
              void feedback.message.error((err as Error).message || '提交失败，请稍后再试', 5);
              const reason = ((err as ApiError).data as { reason?: string } | null)?.reason;
              if (reason === FormRefusal.VERSION_CHANGED) void form.refetch();
            } finally {
              setSubmitting(false);
            }
          }}
        />
        {savedAt && <SecondaryText style={{ fontSize: 12 }}>草稿已自动保存 {savedAt}</SecondaryText>}
      </FormCard>
    </FormFrame>
  );
}
