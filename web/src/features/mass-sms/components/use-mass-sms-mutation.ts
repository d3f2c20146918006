import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';

/** A change: the touched lists refresh and a success message shows (errors are toasted by the HTTP layer). */
export function useMassSmsMutation<TInput, TResult>(
  fn: (input: TInput) => Promise<TResult>,
  options: {
    invalidate: readonly (readonly string[])[];
    success?: string;
    onDone?: (result: TResult) => void;
  },
) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (result) => {
      await Promise.all(options.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (options.success) void message.success(options.success);
      options.onDone?.(result);
    },
  });
}
