// SPDX-License-Identifier: MIT
#include "gl_util.h"

#include <epoxy/gl.h>

#include <cstdio>

static unsigned CompileShader( GLenum type, const char* source, char* error, int errorSize )
{
	GLuint shader = glCreateShader( type );
	glShaderSource( shader, 1, &source, nullptr );
	glCompileShader( shader );
	GLint ok = 0;
	glGetShaderiv( shader, GL_COMPILE_STATUS, &ok );
	if ( ok == 0 )
	{
		char log[1024] = "";
		glGetShaderInfoLog( shader, (GLsizei)sizeof( log ), nullptr, log );
		snprintf( error, (size_t)errorSize, "%s shader: %s", type == GL_VERTEX_SHADER ? "vertex" : "fragment", log );
		glDeleteShader( shader );
		return 0;
	}
	return shader;
}

unsigned BuildProgram( const char* vertexSource, const char* fragmentSource, char* error, int errorSize )
{
	unsigned vs = CompileShader( GL_VERTEX_SHADER, vertexSource, error, errorSize );
	unsigned fs = vs != 0 ? CompileShader( GL_FRAGMENT_SHADER, fragmentSource, error, errorSize ) : 0;
	if ( fs == 0 )
	{
		glDeleteShader( vs );
		return 0;
	}
	GLuint program = glCreateProgram();
	glAttachShader( program, vs );
	glAttachShader( program, fs );
	glLinkProgram( program );
	glDeleteShader( vs );
	glDeleteShader( fs );
	GLint ok = 0;
	glGetProgramiv( program, GL_LINK_STATUS, &ok );
	if ( ok == 0 )
	{
		char log[1024] = "";
		glGetProgramInfoLog( program, (GLsizei)sizeof( log ), nullptr, log );
		snprintf( error, (size_t)errorSize, "link: %s", log );
		glDeleteProgram( program );
		return 0;
	}
	return program;
}
