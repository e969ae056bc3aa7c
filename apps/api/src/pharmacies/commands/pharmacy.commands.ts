import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pharmacy, PharmacyInput } from '@pharmacy/contracts';
import {
  DomainError,
  pharmacyDecider,
  pharmacyStreamId,
  type PharmacyCommand,
  type PharmacyDetails,
  type PharmacyState,
} from '@pharmacy/domain';
import { CommandExecutor, type StreamMeta } from '../../common/command-executor';
import type { RequestContext } from '../../common/request-context';

/** A pharmacy as the API answers it, from its stream's state right after the command. */
function toPharmacy(pharmacyId: string, state: PharmacyState, meta: StreamMeta): Pharmacy | null {
  if (state.status !== 'registered') return null;
  const updatedAt = meta.updatedAt ?? new Date().toISOString();
  return {
    id: pharmacyId,
    ...state.details,
    createdAt: meta.createdAt ?? updatedAt,
    updatedAt,
    version: state.version,
  };
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

/** What the stream records of a location: the form's fields without the version it was edited at. */
function detailsOf({ version: _version, ...details }: PharmacyInput): PharmacyDetails {
  return details;
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
    return savePharmacy(
      this.executor,
      pharmacyId,
      { type: 'RegisterPharmacy', pharmacyId, details: detailsOf(input) },
      context,
    );
  }
}

@CommandHandler(ChangePharmacyDetailsCommand)
export class ChangePharmacyDetailsHandler implements ICommandHandler<ChangePharmacyDetailsCommand> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ pharmacyId, input, context }: ChangePharmacyDetailsCommand): Promise<Pharmacy> {
    try {
      return await savePharmacy(
        this.executor,
        pharmacyId,
        { type: 'ChangePharmacyDetails', pharmacyId, details: detailsOf(input), expectedVersion: input.version },
        context,
      );
    } catch (error) {
      // 409 STALE_EDIT carries the location as it is now, so the form can show what changed meanwhile:
      // from its stream, which holds the edit that won even before the read table has it.
      if (!(error instanceof DomainError) || error.code !== 'STALE_EDIT') throw error;
      const current = await this.executor.read(pharmacyStreamId(pharmacyId), pharmacyDecider, (state, meta) =>
        toPharmacy(pharmacyId, state, meta),
      );
      throw new DomainError(error.code, error.message, { ...error.details, current });
    }
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
