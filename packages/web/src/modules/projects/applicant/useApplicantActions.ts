import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { feedback } from '../../../app/feedback';
import { projectKeys, projectsApi } from '../api';

/**
 * 提交, 撤回 and 删除 of the applicant's declarations: the server's answer as the message (its
 * refusal comes from the request client), then every list and detail of the module refreshes.
 * `busy` names the declaration being worked on, so its buttons show progress.
 */
export function useApplicantActions() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const run = async (id: number, work: Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(id);
    try {
      await work;
      void feedback.message.success(done);
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      return true;
    } catch {
      return false;
    } finally {
      setBusy(null);
    }
  };
  return {
    busy,
    submit: (id: number) => run(id, projectsApi.submit(id), '申报已提交'),
    withdraw: (id: number) => run(id, projectsApi.withdraw(id), '申报已撤回'),
    remove: (id: number) => run(id, projectsApi.deleteDeclaration(id), '删除成功'),
  };
}
