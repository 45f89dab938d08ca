# Runs a command and checks its exit code and that its stderr contains a text (ctest cli_*).
# -DCOMMAND=program|arg|arg (arguments separated by '|'), -DEXPECTED=code, -DTEXT=substring.
string(REPLACE "|" ";" command "${COMMAND}")
execute_process(COMMAND ${command} RESULT_VARIABLE code ERROR_VARIABLE error OUTPUT_VARIABLE output)
message(STATUS "exit code ${code}, stderr: ${error}")
if(NOT code EQUAL EXPECTED)
  message(FATAL_ERROR "expected exit code ${EXPECTED}, got ${code}")
endif()
string(FIND "${error}" "${TEXT}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "expected stderr to contain '${TEXT}'")
endif()
