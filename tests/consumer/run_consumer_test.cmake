# Installs the tether build BUILD_DIR into a fresh prefix under WORK_DIR, then builds
# tests/consumer (SOURCE_DIR) against it twice, through find_package(tether) and through
# `pkg-config --cflags --libs tether`, and runs both programs. REAL_SIZE is the size of the
# library's ttReal (8, or 4 in float builds): each program must report the same, which proves that
# TT_USE_FLOAT reached it. EXTRA_FLAGS (sanitizer builds) are added to both compilations.
foreach(var BUILD_DIR SOURCE_DIR WORK_DIR C_COMPILER REAL_SIZE GENERATOR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_consumer_test.cmake: ${var} is not set")
  endif()
endforeach()
separate_arguments(extra UNIX_COMMAND "${EXTRA_FLAGS}")

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " line "${ARGN}")
    message(FATAL_ERROR "failed (${rc}): ${line}\n${out}${err}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

function(check_program label output)
  message(STATUS "${label}: ${output}")
  if(NOT output MATCHES "real: ${REAL_SIZE} bytes")
    message(FATAL_ERROR "${label}: expected ttReal of ${REAL_SIZE} bytes, the program says: ${output}")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(file include/tether/tether.h include/tether/base.h)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "not installed: ${file}")
  endif()
endforeach()

# 1. CMake: find_package(tether) from the prefix.
string(REPLACE ";" " " extra_line "${extra}")
run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/cmake-build -G ${GENERATOR} -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_C_COMPILER=${C_COMPILER} "-DCMAKE_C_FLAGS=${extra_line}" "-DCMAKE_EXE_LINKER_FLAGS=${extra_line}")
run(${CMAKE_COMMAND} --build ${WORK_DIR}/cmake-build)
run(${WORK_DIR}/cmake-build/consumer)
check_program("find_package" "${run_output}")

# 2. pkg-config, with the .pc found only in the prefix.
find_program(PKG_CONFIG pkg-config REQUIRED)
file(GLOB_RECURSE pc_files ${prefix}/*/tether.pc)
list(LENGTH pc_files pc_count)
if(NOT pc_count EQUAL 1)
  message(FATAL_ERROR "expected one installed tether.pc, found: ${pc_files}")
endif()
get_filename_component(pc_dir ${pc_files} DIRECTORY)
set(ENV{PKG_CONFIG_PATH} ${pc_dir})
set(ENV{PKG_CONFIG_LIBDIR} ${pc_dir})
run(${PKG_CONFIG} --cflags --libs tether)
separate_arguments(pc_flags UNIX_COMMAND "${run_output}")
run(${PKG_CONFIG} --variable=libdir tether)
string(STRIP "${run_output}" libdir)
run(${C_COMPILER} -std=c17 -Wall -Wextra -Werror ${extra} ${SOURCE_DIR}/consumer.c ${pc_flags} -Wl,-rpath,${libdir}
    -o ${WORK_DIR}/consumer_pkgconfig)
run(${WORK_DIR}/consumer_pkgconfig)
check_program("pkg-config" "${run_output}")
