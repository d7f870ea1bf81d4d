import TextEffectsProgram

Program.run(Array(CommandLine.arguments.dropFirst()))
