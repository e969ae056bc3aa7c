import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pharmacy, PharmacyInput } from '@pharmacy/contracts';
import { pharmacyDecider, pharmacyStreamId, type PharmacyCommand, type PharmacyState } from '@pharmacy/domain';
import { CommandExecutor, type StreamMeta } from '../../common/command-executor';
import type { RequestContext } from '../../common/request-context';

/** A pharmacy as the API answers it, from its stream's state right after the command. */
function toPharmacy(pharmacyId: string, state: PharmacyState, meta: StreamMeta): Pharmacy | null {
  if (state.status !== 'registered') return null;
  const updatedAt = meta.updatedAt ?? new Date().toISOString();
  return { id: pharmacyId, ...state.details, createdAt: meta.createdAt ?? updatedAt, updatedAt };
}

export class RegisterPharmacyCommand extends Command<Pharmacy> {
  constructor(
    readonly pharmacyId: string,
    readonly input: PharmacyInput,
    readonly context: RequestContext,
  ) {
    super();
  }
}

export class ChangePharmacyDetailsCommand extends Command<Pharmacy> {
  constructor(
    readonly pharmacyId: string,
    readonly input: PharmacyInput,
    readonly context: RequestContext,
  ) {
    super();
  }
}

export class DeletePharmacyCommand extends Command<void> {
  constructor(
    readonly pharmacyId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

async function savePharmacy(
  executor: CommandExecutor,
  pharmacyId: string,
  command: PharmacyCommand,
  context: RequestContext,
): Promise<Pharmacy> {
  const { answer } = await executor.execute(pharmacyStreamId(pharmacyId), pharmacyDecider, command, context, {
    answer: (state, _events, meta) => toPharmacy(pharmacyId, state, meta),
  });
  // The decider refuses every command that would leave no registered pharmacy.
  return answer!;
}

@CommandHandler(RegisterPharmacyCommand)
export class RegisterPharmacyHandler implements ICommandHandler<RegisterPharmacyCommand> {
  constructor(private readonly executor: CommandExecutor) {}

  execute({ pharmacyId, input, context }: RegisterPharmacyCommand): Promise<Pharmacy> {
    return savePharmacy(this.executor, pharmacyId, { type: 'RegisterPharmacy', pharmacyId, details: input }, context);
  }
}

@CommandHandler(ChangePharmacyDetailsCommand)
export class ChangePharmacyDetailsHandler implements ICommandHandler<ChangePharmacyDetailsCommand> {
  constructor(private readonly executor: CommandExecutor) {}

  execute({ pharmacyId, input, context }: ChangePharmacyDetailsCommand): Promise<Pharmacy> {
    return savePharmacy(
      this.executor,
      pharmacyId,
      { type: 'ChangePharmacyDetails', pharmacyId, details: input },
      context,
    );
  }
}

@CommandHandler(DeletePharmacyCommand)
export class DeletePharmacyHandler implements ICommandHandler<DeletePharmacyCommand> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ pharmacyId, context }: DeletePharmacyCommand): Promise<void> {
    await this.executor.execute(
      pharmacyStreamId(pharmacyId),
      pharmacyDecider,
      { type: 'DeletePharmacy', pharmacyId },
      context,
    );
  }
}

export const pharmacyCommandHandlers = [RegisterPharmacyHandler, ChangePharmacyDetailsHandler, DeletePharmacyHandler];
