DetentCommand.runAndExit()
