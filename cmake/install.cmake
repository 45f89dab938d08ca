# Install rules: the static and shared libraries, the public headers, the CMake package
# (tetherConfig.cmake, its version file and the exported targets tether::tether and
# tether::tether_shared) and tether.pc for pkg-config. Both the package and the .pc carry
# TT_USE_FLOAT=1 from a float build, so that consumers see the library's ttReal.
include(CMakePackageConfigHelpers)

set(TETHER_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/tether)
set(TETHER_PKGCONFIG_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

install(TARGETS tether_static tether_shared EXPORT tetherTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/tether DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")
install(EXPORT tetherTargets NAMESPACE tether:: DESTINATION ${TETHER_CMAKE_DIR})

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/tetherConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/tetherConfig.cmake INSTALL_DESTINATION ${TETHER_CMAKE_DIR})
# 0.x: a new minor version may change the API, so only the same minor version is compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/tetherConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/tetherConfig.cmake ${PROJECT_BINARY_DIR}/tetherConfigVersion.cmake
        DESTINATION ${TETHER_CMAKE_DIR})

# The .pc finds its prefix from its own place (${pcfiledir}), so that `cmake --install --prefix`
# to any folder gives a working file.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(TETHER_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(TETHER_PC_LIBDIR "${CMAKE_INSTALL_FULL_LIBDIR}")
  set(TETHER_PC_INCLUDEDIR "${CMAKE_INSTALL_FULL_INCLUDEDIR}")
else()
  file(RELATIVE_PATH TETHER_PC_UP /tether-prefix/${TETHER_PKGCONFIG_DIR} /tether-prefix)
  string(REGEX REPLACE "/$" "" TETHER_PC_UP "${TETHER_PC_UP}")
  set(TETHER_PC_PREFIX "\${pcfiledir}/${TETHER_PC_UP}")
  set(TETHER_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
  set(TETHER_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
set(TETHER_PC_CFLAGS "")
if(TETHER_USE_FLOAT)
  set(TETHER_PC_CFLAGS " -DTT_USE_FLOAT=1")
endif()
# The worker threads: a static link needs pthreads named (glibc before 2.34 keeps them apart).
set(TETHER_PC_LIBS "")
if(TETHER_THREADS)
  set(TETHER_PC_LIBS " -pthread")
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/tether.pc.in ${PROJECT_BINARY_DIR}/tether.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/tether.pc DESTINATION ${TETHER_PKGCONFIG_DIR})
