// SPDX-License-Identifier: MIT
// Shader compilation with readable errors.
#pragma once

/// Compiles and links a vertex and a fragment shader; 0 and a message on failure.
unsigned BuildProgram( const char* vertexSource, const char* fragmentSource, char* error, int errorSize );
