import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { ADS_KEY } from '../api/keys';

/** A change to the ads: every ad list refreshes and a success message shows (errors are toasted by the HTTP layer). */
export function useAdMutation<TInput, TResult>(
  fn: (input: TInput) => Promise<TResult>,
  success: string,
  onDone?: () => void,
) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ADS_KEY });
      void message.success(success);
      onDone?.();
    },
  });
}
