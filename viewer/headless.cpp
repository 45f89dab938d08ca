// SPDX-License-Identifier: MIT
#include "headless.h"

#include <epoxy/egl.h>
#include <epoxy/gl.h>

#include <cstdio>

bool CreateHeadlessContext( HeadlessContext* c, int width, int height, char* error, int errorSize )
{
	// The surfaceless platform needs neither X nor a GPU device node, so it works in CI.
	EGLDisplay display = EGL_NO_DISPLAY;
	if ( epoxy_has_egl_extension( EGL_NO_DISPLAY, "EGL_MESA_platform_surfaceless" ) )
	{
		display = eglGetPlatformDisplayEXT( EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr );
	}
	EGLint major = 0, minor = 0;
	if ( display == EGL_NO_DISPLAY || eglInitialize( display, &major, &minor ) == EGL_FALSE )
	{
		snprintf( error, (size_t)errorSize,
		          "no EGL surfaceless display (Debian: apt-get install libegl-mesa0 libgl1-mesa-dri)" );
		return false;
	}
	eglBindAPI( EGL_OPENGL_API );
	const EGLint configAttributes[] = { EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE };
	EGLConfig config = nullptr;
	EGLint configCount = 0;
	eglChooseConfig( display, configAttributes, &config, 1, &configCount );
	const EGLint contextAttributes[] = {
	    EGL_CONTEXT_MAJOR_VERSION,           3,       EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
	    EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE };
	EGLContext context =
	    eglCreateContext( display, configCount > 0 ? config : EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, contextAttributes );
	if ( context == EGL_NO_CONTEXT || eglMakeCurrent( display, EGL_NO_SURFACE, EGL_NO_SURFACE, context ) == EGL_FALSE )
	{
		snprintf( error, (size_t)errorSize, "cannot create an OpenGL 3.3 core context on EGL (error 0x%x)",
		          (unsigned)eglGetError() );
		if ( context != EGL_NO_CONTEXT )
		{
			eglDestroyContext( display, context );
		}
		eglTerminate( display );
		return false;
	}
	c->display = display;
	c->context = context;
	c->width = width;
	c->height = height;

	glGenRenderbuffers( 1, &c->msColor );
	glBindRenderbuffer( GL_RENDERBUFFER, c->msColor );
	glRenderbufferStorageMultisample( GL_RENDERBUFFER, 4, GL_RGBA8, width, height );
	glGenRenderbuffers( 1, &c->msDepth );
	glBindRenderbuffer( GL_RENDERBUFFER, c->msDepth );
	glRenderbufferStorageMultisample( GL_RENDERBUFFER, 4, GL_DEPTH_COMPONENT24, width, height );
	glGenFramebuffers( 1, &c->msFramebuffer );
	glBindFramebuffer( GL_FRAMEBUFFER, c->msFramebuffer );
	glFramebufferRenderbuffer( GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, c->msColor );
	glFramebufferRenderbuffer( GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, c->msDepth );
	bool complete = glCheckFramebufferStatus( GL_FRAMEBUFFER ) == GL_FRAMEBUFFER_COMPLETE;

	glGenRenderbuffers( 1, &c->color );
	glBindRenderbuffer( GL_RENDERBUFFER, c->color );
	glRenderbufferStorage( GL_RENDERBUFFER, GL_RGBA8, width, height );
	glGenFramebuffers( 1, &c->framebuffer );
	glBindFramebuffer( GL_FRAMEBUFFER, c->framebuffer );
	glFramebufferRenderbuffer( GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, c->color );
	complete = complete && glCheckFramebufferStatus( GL_FRAMEBUFFER ) == GL_FRAMEBUFFER_COMPLETE;
	if ( complete == false )
	{
		snprintf( error, (size_t)errorSize, "cannot create a %dx%d framebuffer", width, height );
		DestroyHeadlessContext( c );
		return false;
	}
	return true;
}

void BeginHeadlessFrame( HeadlessContext* c )
{
	glBindFramebuffer( GL_FRAMEBUFFER, c->msFramebuffer );
}

void ReadHeadlessFrame( HeadlessContext* c, std::vector<unsigned char>* rgb )
{
	glBindFramebuffer( GL_READ_FRAMEBUFFER, c->msFramebuffer );
	glBindFramebuffer( GL_DRAW_FRAMEBUFFER, c->framebuffer );
	glBlitFramebuffer( 0, 0, c->width, c->height, 0, 0, c->width, c->height, GL_COLOR_BUFFER_BIT, GL_NEAREST );
	glBindFramebuffer( GL_READ_FRAMEBUFFER, c->framebuffer );
	std::vector<unsigned char> bottomUp( (size_t)c->width * (size_t)c->height * 3 );
	glPixelStorei( GL_PACK_ALIGNMENT, 1 );
	glReadPixels( 0, 0, c->width, c->height, GL_RGB, GL_UNSIGNED_BYTE, bottomUp.data() );
	// OpenGL rows start at the bottom; images start at the top.
	rgb->resize( bottomUp.size() );
	size_t row = (size_t)c->width * 3;
	for ( int y = 0; y < c->height; ++y )
	{
		std::copy( bottomUp.begin() + (long)( row * (size_t)( c->height - 1 - y ) ),
		           bottomUp.begin() + (long)( row * (size_t)( c->height - y ) ),
		           rgb->begin() + (long)( row * (size_t)y ) );
	}
}

void DestroyHeadlessContext( HeadlessContext* c )
{
	if ( c->display == nullptr )
	{
		return;
	}
	glDeleteFramebuffers( 1, &c->framebuffer );
	glDeleteFramebuffers( 1, &c->msFramebuffer );
	glDeleteRenderbuffers( 1, &c->color );
	glDeleteRenderbuffers( 1, &c->msColor );
	glDeleteRenderbuffers( 1, &c->msDepth );
	eglMakeCurrent( c->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT );
	eglDestroyContext( c->display, c->context );
	eglTerminate( c->display );
	c->display = nullptr;
}
