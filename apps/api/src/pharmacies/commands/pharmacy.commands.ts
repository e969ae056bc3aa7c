import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PharmacyInput } from '@pharmacy/contracts';
import { pharmacyDecider, pharmacyStreamId } from '@pharmacy/domain';
import { CommandExecutor } from '../../common/command-executor';
import type { RequestContext } from '../../common/request-context';

export class RegisterPharmacyCommand extends Command<void> {
  constructor(
    readonly pharmacyId: string,
    readonly input: PharmacyInput,
    readonly context: RequestContext,
  ) {
    super();
  }
}

export class ChangePharmacyDetailsCommand extends Command<void> {
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

@CommandHandler(RegisterPharmacyCommand)
export class RegisterPharmacyHandler implements ICommandHandler<RegisterPharmacyCommand> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ pharmacyId, input, context }: RegisterPharmacyCommand): Promise<void> {
    await this.executor.execute(
      pharmacyStreamId(pharmacyId),
      pharmacyDecider,
      { type: 'RegisterPharmacy', pharmacyId, details: input },
      context,
    );
  }
}

@CommandHandler(ChangePharmacyDetailsCommand)
export class ChangePharmacyDetailsHandler implements ICommandHandler<ChangePharmacyDetailsCommand> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ pharmacyId, input, context }: ChangePharmacyDetailsCommand): Promise<void> {
    await this.executor.execute(
      pharmacyStreamId(pharmacyId),
      pharmacyDecider,
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
